import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { cx } from '../cx';
import { EyeIcon, EyeOffIcon } from '../icons';
import { useFieldMessages } from './field-messages';
import type { TextFieldProps } from './TextField';

/** A password input with a show/hide toggle inside it (a toggle keeps its name; aria-pressed says its state). */
export function PasswordField({ label, error, hint, className, ...input }: Omit<TextFieldProps, 'type' | 'leading'>) {
  const { i18n } = useLingui();
  const [visible, setVisible] = useState(false);
  const field = useFieldMessages(error, hint);
  return (
    <div className={cx('field', error && 'has-error', className)}>
      <label htmlFor={field.id}>{label}</label>
      <div className="field-control has-trailing">
        <input
          id={field.id}
          type={visible ? 'text' : 'password'}
          autoCapitalize="none"
          spellCheck={false}
          {...field.controlProps}
          {...input}
        />
        <button
          type="button"
          className="field-trailing-button"
          aria-pressed={visible}
          aria-label={i18n._(msg`Show password`)}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon size={22} /> : <EyeIcon size={22} />}
        </button>
      </div>
      {field.messages}
    </div>
  );
}
