import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { type ReactNode, useId, useState } from 'react';
import { BottomSheet, cx, RadioList, RadioOption, type SelectOption, TextField } from '../../../ui';
import { useFieldMessages } from '../../../ui/form/field-messages';
import { ChevronDownIcon, SearchIcon } from '../../../ui/icons';

type Props = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  placeholder?: string;
  error?: string | null;
  hint?: ReactNode;
  disabled?: boolean;
  onBlur?: () => void;
  ref?: (element: HTMLElement | null) => void;
};

/**
 * A catalogue picker (brand, model): the field shows the choice; the bottom sheet has a search box over the options
 * (the catalogue has dozens of makes). Same look and names as SelectField: "<label> <choice>".
 */
export function SearchPicker({
  label,
  value,
  onChange,
  options,
  placeholder,
  error,
  hint,
  disabled,
  onBlur,
  ref,
}: Props) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const field = useFieldMessages(error, hint);
  const labelId = useId();
  const valueId = useId();
  const chosen = options.find((o) => o.value === value) ?? null;
  const needle = search.trim().toLocaleLowerCase(i18n.locale);
  const shown = needle ? options.filter((o) => o.title.toLocaleLowerCase(i18n.locale).includes(needle)) : options;
  return (
    <div className={cx('field', 'select-field', error && 'has-error')}>
      <label id={labelId} htmlFor={field.id}>
        {label}
      </label>
      <button
        ref={ref}
        id={field.id}
        type="button"
        className="select-trigger"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-labelledby={`${labelId} ${valueId}`}
        aria-describedby={field.controlProps['aria-describedby']}
        disabled={disabled}
        onClick={() => {
          setSearch('');
          setOpen(true);
        }}
        onBlur={onBlur}
      >
        <span id={valueId} className={cx('select-value', !chosen && 'is-placeholder')}>
          <span className="select-title">{chosen ? chosen.title : (placeholder ?? '')}</span>
        </span>
        <ChevronDownIcon className="select-chevron" size={20} aria-hidden="true" />
      </button>
      {field.messages}
      <BottomSheet open={open} onClose={() => setOpen(false)} title={label}>
        <TextField
          label={i18n._(msg`Search`)}
          type="search"
          leading={<SearchIcon size={18} />}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          data-autofocus
          autoComplete="off"
        />
        {shown.length > 0 ? (
          <RadioList label={label} hideLabel value={value || null} onChange={onChange} onPick={() => setOpen(false)}>
            {shown.map((option) => (
              <RadioOption key={option.value} {...option} />
            ))}
          </RadioList>
        ) : (
          <p className="vehicle-no-match">{i18n._(msg`Nothing found`)}</p>
        )}
      </BottomSheet>
    </div>
  );
}
