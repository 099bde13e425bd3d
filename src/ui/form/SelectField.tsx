import { type ReactNode, type Ref, useId, useState } from 'react';
import { BottomSheet } from '../BottomSheet';
import { cx } from '../cx';
import { ChevronDownIcon } from '../icons';
import { RadioList, RadioOption } from '../RadioList';
import { useFieldMessages } from './field-messages';

export type SelectOption = {
  value: string;
  title: string;
  subtitle?: ReactNode;
  leading?: ReactNode;
  trailing?: ReactNode;
  disabled?: boolean;
};

type Props = {
  label: string;
  value: string | null;
  onChange: (value: string) => void;
  options: readonly SelectOption[];
  /** Shown in the field while nothing is chosen. */
  placeholder?: string;
  /** The sheet's heading; the label by default. */
  sheetTitle?: ReactNode;
  name?: string;
  error?: string | null;
  hint?: ReactNode;
  disabled?: boolean;
  onBlur?: () => void;
  ref?: Ref<HTMLButtonElement>;
  className?: string;
};

/**
 * A select for phones: the field shows the choice (icon, title, subtitle) and opens a bottom sheet of options.
 * Its name reads "<label> <choice>"; a tap on an option picks it and closes the sheet, arrow keys only move.
 */
export function SelectField({
  label,
  value,
  onChange,
  options,
  placeholder,
  sheetTitle,
  name,
  error,
  hint,
  disabled,
  onBlur,
  ref,
  className,
}: Props) {
  const [open, setOpen] = useState(false);
  const field = useFieldMessages(error, hint);
  const labelId = useId();
  const valueId = useId();
  const chosen = options.find((o) => o.value === value) ?? null;
  return (
    <div className={cx('field', 'select-field', error && 'has-error', className)}>
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
        onClick={() => setOpen(true)}
        onBlur={onBlur}
      >
        {chosen?.leading ? (
          <span className="select-leading" aria-hidden="true">
            {chosen.leading}
          </span>
        ) : null}
        <span id={valueId} className={cx('select-value', !chosen && 'is-placeholder')}>
          <span className="select-title">{chosen ? chosen.title : (placeholder ?? '')}</span>
          {chosen?.subtitle ? <span className="select-subtitle">{chosen.subtitle}</span> : null}
        </span>
        <ChevronDownIcon className="select-chevron" size={20} aria-hidden="true" />
      </button>
      {name ? <input type="hidden" name={name} value={value ?? ''} /> : null}
      {field.messages}
      <BottomSheet open={open} onClose={() => setOpen(false)} title={sheetTitle ?? label}>
        <RadioList label={label} hideLabel value={value} onChange={onChange} onPick={() => setOpen(false)}>
          {options.map((option) => (
            <RadioOption key={option.value} {...option} />
          ))}
        </RadioList>
      </BottomSheet>
    </div>
  );
}
