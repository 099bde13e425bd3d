import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { type InputHTMLAttributes, type ReactNode, useId, useState } from 'react';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: string;
  error?: string | null;
  hint?: ReactNode;
};

/** Ids and the hint and error lines of a field, linked to its input through aria-describedby. */
function useFieldMessages(error: string | null | undefined, hint: ReactNode) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const messages = (
    <>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {error}
        </p>
      ) : null}
    </>
  );
  return { id, inputProps: { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy }, messages };
}

export function TextField({ label, error, hint, ...input }: FieldProps) {
  const field = useFieldMessages(error, hint);
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={field.id}>{label}</label>
      <input id={field.id} {...field.inputProps} {...input} />
      {field.messages}
    </div>
  );
}

export function PasswordField({ label, error, hint, ...input }: Omit<FieldProps, 'type'>) {
  const { i18n } = useLingui();
  const [visible, setVisible] = useState(false);
  const field = useFieldMessages(error, hint);
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={field.id}>{label}</label>
      <div className="password-input">
        <input id={field.id} type={visible ? 'text' : 'password'} {...field.inputProps} {...input} />
        <button
          type="button"
          className="reveal"
          aria-pressed={visible}
          aria-label={visible ? i18n._(msg`Hide password`) : i18n._(msg`Show password`)}
          onClick={() => setVisible((v) => !v)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              fill="currentColor"
              d="M12 5C6.5 5 2.7 9.3 1.5 12c1.2 2.7 5 7 10.5 7s9.3-4.3 10.5-7C21.3 9.3 17.5 5 12 5zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-2.5a2 2 0 1 0 0-4 2 2 0 0 0 0 4z"
            />
            {visible ? <path d="M3 3l18 18" stroke="currentColor" strokeWidth="2" /> : null}
          </svg>
        </button>
      </div>
      {field.messages}
    </div>
  );
}

export function Checkbox({ label, error, ...input }: Omit<FieldProps, 'type' | 'label'> & { label: ReactNode }) {
  const field = useFieldMessages(error, null);
  return (
    <div className={`field checkbox${error ? ' has-error' : ''}`}>
      <input id={field.id} type="checkbox" {...field.inputProps} {...input} />
      <label htmlFor={field.id}>{label}</label>
      {field.messages}
    </div>
  );
}

export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <div className="form-alert" role="alert">
      {children}
    </div>
  );
}

export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <button type="submit" className="button" disabled={pending} aria-busy={pending}>
      {children}
    </button>
  );
}
