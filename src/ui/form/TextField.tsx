import type { ChangeEventHandler, InputHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from '../cx';
import { useFieldMessages } from './field-messages';

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> & {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  /** An icon at the start of the input (search, mail). */
  leading?: ReactNode;
  onChange?: ChangeEventHandler<HTMLInputElement>;
  ref?: Ref<HTMLInputElement>;
};

export function TextField({ label, error, hint, leading, className, ...input }: TextFieldProps) {
  const field = useFieldMessages(error, hint);
  return (
    <div className={cx('field', error && 'has-error', className)}>
      <label htmlFor={field.id}>{label}</label>
      <div className={cx('field-control', leading && 'has-leading')}>
        {leading ? (
          <span className="field-leading" aria-hidden="true">
            {leading}
          </span>
        ) : null}
        <input id={field.id} type="text" {...field.controlProps} {...input} />
      </div>
      {field.messages}
    </div>
  );
}
