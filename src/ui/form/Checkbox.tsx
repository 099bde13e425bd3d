import type { ChangeEventHandler, InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from '../cx';
import { CheckIcon } from '../icons';
import { useFieldMessages } from './field-messages';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type' | 'onChange'> & {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  ref?: Ref<HTMLInputElement>;
};

/** A real checkbox drawn as a 24 px box in a 44 px row; the label may hold a link (the terms). */
export function Checkbox({ label, error, hint, className, ...input }: Props) {
  const field = useFieldMessages(error, hint);
  return (
    <div className={cx('field', 'checkbox', error && 'has-error', className)}>
      <span className="checkbox-box">
        <input id={field.id} type="checkbox" {...field.controlProps} {...input} />
        <CheckIcon className="checkbox-check" size={16} strokeWidth={3} aria-hidden="true" />
      </span>
      <label htmlFor={field.id}>{label}</label>
      {field.messages}
    </div>
  );
}
