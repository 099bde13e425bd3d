import { type ReactNode, useId } from 'react';
import { AlertIcon } from '../icons';

/** Ids and the hint and error lines of a field, linked to its control through aria-describedby. */
export function useFieldMessages(error: string | null | undefined, hint: ReactNode) {
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
          <AlertIcon size={16} aria-hidden="true" className="field-error-icon" />
          <span>{error}</span>
        </p>
      ) : null}
    </>
  );
  return {
    id,
    controlProps: { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy } as const,
    messages,
  };
}
