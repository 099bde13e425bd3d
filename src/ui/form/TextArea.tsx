import type { ChangeEventHandler, ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { cx } from '../cx';
import { useFieldMessages } from './field-messages';

type Props = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'onChange'> & {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  onChange?: ChangeEventHandler<HTMLTextAreaElement>;
  ref?: Ref<HTMLTextAreaElement>;
};

export function TextArea({ label, error, hint, className, rows = 4, ...textarea }: Props) {
  const field = useFieldMessages(error, hint);
  return (
    <div className={cx('field', error && 'has-error', className)}>
      <label htmlFor={field.id}>{label}</label>
      <div className="field-control">
        <textarea id={field.id} rows={rows} {...field.controlProps} {...textarea} />
      </div>
      {field.messages}
    </div>
  );
}
