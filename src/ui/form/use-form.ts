// One form helper (issue 9 item 6): field values, the spec's field messages (shell-and-account §5), and the submit's
// pending and failed states with the form-level alert. Everything typed stays in the fields when a submit fails.
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react';
import { type ChangeEvent, type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { errorText, fieldErrorText } from '../../i18n/messages';
import type { FieldError } from '../../lib/validation';

type Text = MessageDescriptor | string;
type Values = Record<string, string | boolean>;
type KeysOf<V, T> = { [K in keyof V]: V[K] extends T ? K : never }[keyof V] & string;
export type Rules<V extends Values> = { [K in keyof V]?: (value: V[K], values: V) => FieldError | null | undefined };

export type FormOptions<V extends Values> = {
  /** The fields and their first values; a field's type (text or checkbox) follows from its value. */
  initial: V;
  /** Visible labels; field messages name the field by its label ("The Email field is required"). */
  labels?: { [K in KeysOf<V, string>]?: Text };
  /** Rules from lib/validation, per field; a rule also sees all values (a confirmation compares with its password). */
  validate?: Rules<V>;
  /** The alert for a submit that threw: defaults to the app's one error text (i18n/messages errorText). */
  alertFor?: (error: unknown) => Text | null;
};

/** The submit's state: a failure keeps what to say, translated when shown (the language may change meanwhile). */
type Submit =
  | { state: 'idle' }
  | { state: 'pending' }
  | { state: 'failed'; reason: { error: unknown } | { text: Text } };

/** What `form.field(name)` spreads onto a TextField, PasswordField, TextArea or SelectField. */
export type BoundField = {
  name: string;
  label: string;
  value: string;
  error: string | null;
  onChange: (eventOrValue: ChangeEvent<HTMLInputElement | HTMLTextAreaElement> | string) => void;
  onBlur: () => void;
  ref: (element: HTMLElement | null) => void;
};

/** What `form.checkbox(name)` spreads onto a Checkbox. */
export type BoundCheckbox = Omit<BoundField, 'value' | 'onChange' | 'label'> & {
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
};

export function useForm<V extends Values>({ initial, labels, validate, alertFor }: FormOptions<V>) {
  const { i18n } = useLingui();
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof V, FieldError>>>({});
  const [dirty, setDirty] = useState<Partial<Record<keyof V, true>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [submit, setSubmit] = useState<Submit>({ state: 'idle' });
  const [focusRequest, setFocusRequest] = useState(0);
  const elements = useRef(new Map<keyof V, HTMLElement>());
  const refCallbacks = useRef(new Map<keyof V, (element: HTMLElement | null) => void>());
  const pendingRef = useRef(false);

  const translate = (text: Text) => (typeof text === 'string' ? text : i18n._(text));
  const labelOf = (name: keyof V & string) => {
    const label = (labels as Partial<Record<string, Text>> | undefined)?.[name];
    return label ? translate(label) : name;
  };

  const check = useCallback(
    (next: V) => {
      const found: Partial<Record<keyof V, FieldError>> = {};
      for (const name of Object.keys(next) as (keyof V)[]) {
        const error = validate?.[name]?.(next[name], next);
        if (error) found[name] = error;
      }
      return found;
    },
    [validate],
  );

  // Focus the first invalid field after the errors are rendered, so its description already holds the message.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per failed submit, reading that submit's errors
  useEffect(() => {
    if (focusRequest === 0) return;
    const invalid = [...elements.current.entries()]
      .filter(([name, element]) => errors[name] && element.isConnected)
      .map(([, element]) => element)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    invalid[0]?.focus();
  }, [focusRequest]);

  function setValue<K extends keyof V>(name: K, value: V[K]) {
    const next = { ...values, [name]: value };
    setValues(next);
    setDirty((d) => (d[name] ? d : { ...d, [name]: true }));
    // After a first submit, messages follow the typing (and a confirmation follows its password).
    if (submitted) setErrors(check(next));
    else if (errors[name]) setErrors((e) => ({ ...e, [name]: validate?.[name]?.(value, next) ?? undefined }));
  }

  /** Sets several fields at once (a brand change also clears the model): one update, so none is lost. */
  function setValues_(patch: Partial<V>) {
    setValues((current) => {
      const next = { ...current, ...patch };
      if (submitted) setErrors(check(next));
      return next;
    });
    setDirty((d) => ({ ...d, ...Object.fromEntries(Object.keys(patch).map((k) => [k, true])) }));
  }

  function blur(name: keyof V) {
    // Tabbing through empty fields says nothing; leaving a field one has typed in checks it.
    if (!dirty[name] || submitted) return;
    setErrors((e) => ({ ...e, [name]: validate?.[name]?.(values[name], values) ?? undefined }));
  }

  function refFor(name: keyof V) {
    let callback = refCallbacks.current.get(name);
    if (!callback) {
      callback = (element: HTMLElement | null) => {
        if (element) elements.current.set(name, element);
        else elements.current.delete(name);
      };
      refCallbacks.current.set(name, callback);
    }
    return callback;
  }

  function errorOf(name: keyof V & string): string | null {
    const error = errors[name];
    return error ? fieldErrorText(i18n, error, labelOf(name)) : null;
  }

  /** Runs an action with the form's pending and alert (the submit, and others such as "Continue as guest"). */
  async function run(action: () => Promise<void> | void): Promise<boolean> {
    if (pendingRef.current) return false;
    pendingRef.current = true;
    setSubmit({ state: 'pending' });
    try {
      await action();
      setSubmit((s) => (s.state === 'pending' ? { state: 'idle' } : s));
      return true;
    } catch (error) {
      setSubmit({ state: 'failed', reason: { error } });
      return false;
    } finally {
      pendingRef.current = false;
    }
  }

  function handleSubmit(onValid: (values: V) => Promise<void> | void) {
    return (event?: FormEvent) => {
      event?.preventDefault();
      if (pendingRef.current) return;
      const found = check(values);
      setErrors(found);
      setSubmitted(true);
      if (Object.values(found).some(Boolean)) {
        setSubmit({ state: 'idle' });
        setFocusRequest((n) => n + 1);
        return;
      }
      void run(() => onValid(values));
    };
  }

  let alert: string | null = null;
  if (submit.state === 'failed') {
    const text =
      'text' in submit.reason ? submit.reason.text : (alertFor ?? ((e) => errorText(i18n, e)))(submit.reason.error);
    alert = text === null ? null : translate(text);
  }

  return {
    values,
    /** The rule each field breaks now, if any (messages are in field(name).error). */
    errors,
    pending: submit.state === 'pending',
    /** The form-level message after a failed submit, for <FormAlert>. */
    alert,
    field(name: KeysOf<V, string>): BoundField {
      return {
        name,
        label: labelOf(name),
        value: values[name] as string,
        error: errorOf(name),
        onChange: (eventOrValue) =>
          setValue(
            name,
            (typeof eventOrValue === 'string' ? eventOrValue : eventOrValue.target.value) as V[typeof name],
          ),
        onBlur: () => blur(name),
        ref: refFor(name),
      };
    },
    checkbox(name: KeysOf<V, boolean>): BoundCheckbox {
      return {
        name,
        checked: values[name] as boolean,
        error: errorOf(name),
        onChange: (event) => setValue(name, event.target.checked as V[typeof name]),
        onBlur: () => blur(name),
        ref: refFor(name),
      };
    },
    setValue,
    setValues: setValues_,
    /** A message the server gave for one field (an email already registered). */
    setError(name: keyof V, error: FieldError | null) {
      setErrors((e) => ({ ...e, [name]: error ?? undefined }));
    },
    /** Ends the submit with a message, for outcomes that are not thrown ("cannot delete while an order is open"). */
    fail(text: Text) {
      setSubmit({ state: 'failed', reason: { text } });
    },
    /** Removes the form-level alert. */
    clearAlert() {
      setSubmit((s) => (s.state === 'failed' ? { state: 'idle' } : s));
    },
    handleSubmit,
    run,
  };
}

export type Form<V extends Values> = ReturnType<typeof useForm<V>>;
