// The form helper covers today's five forms: declare fields and rules, bind inputs, submit (issue 9 item 6).
import { msg } from '@lingui/core/macro';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/lib/http/errors';
import {
  validateConfirmation,
  validateEmail,
  validatePassword,
  validateRequired,
  validateTerms,
} from '../../../src/lib/validation';
import { Checkbox, FormAlert, PasswordField, SubmitButton, TextField, useForm } from '../../../src/ui/Form';
import { renderWith } from './harness';

type Submit = (values: Record<string, unknown>) => Promise<void>;

function LoginForm({ onSubmit, email = '' }: { onSubmit: Submit; email?: string }) {
  const form = useForm({
    initial: { email, password: '' },
    labels: { email: msg`Email`, password: msg`Password` },
    validate: { email: validateEmail, password: validateRequired },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <FormAlert>{form.alert}</FormAlert>
      <TextField type="email" autoComplete="username" {...form.field('email')} />
      <PasswordField autoComplete="current-password" {...form.field('password')} />
      <SubmitButton pending={form.pending}>Log in</SubmitButton>
    </form>
  );
}

function RegisterForm({ onSubmit }: { onSubmit: Submit }) {
  const form = useForm({
    initial: { email: '', password: '', confirmation: '', terms: false, marketing: false },
    labels: { email: msg`Email`, password: msg`Password`, confirmation: msg`Confirm password` },
    validate: {
      email: validateEmail,
      password: validatePassword,
      confirmation: (value, values) => validateConfirmation(values.password, value),
      terms: validateTerms,
    },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <FormAlert>{form.alert}</FormAlert>
      <TextField type="email" {...form.field('email')} />
      <PasswordField hint="8 to 40 characters" {...form.field('password')} />
      <PasswordField {...form.field('confirmation')} />
      <Checkbox label="I accept the terms and conditions" {...form.checkbox('terms')} />
      <Checkbox label="Send me offers" {...form.checkbox('marketing')} />
      <SubmitButton pending={form.pending}>Create account</SubmitButton>
    </form>
  );
}

function PasswordChange({ askCurrent, onSubmit }: { askCurrent: boolean; onSubmit: Submit }) {
  const form = useForm({
    initial: { oldPassword: '', newPassword: '', confirmation: '' },
    labels: {
      oldPassword: msg`Current password`,
      newPassword: msg`New password`,
      confirmation: msg`Confirm new password`,
    },
    validate: {
      oldPassword: askCurrent ? validateRequired : undefined,
      newPassword: validatePassword,
      confirmation: (value, values) => validateConfirmation(values.newPassword, value),
    },
  });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <FormAlert>{form.alert}</FormAlert>
      {askCurrent ? <PasswordField {...form.field('oldPassword')} /> : null}
      <PasswordField {...form.field('newPassword')} />
      <PasswordField {...form.field('confirmation')} />
      <SubmitButton pending={form.pending}>Save new password</SubmitButton>
    </form>
  );
}

/** The settings' delete confirmation: no fields, only the submit's pending and a refusal as the alert. */
function DeleteConfirm({ answer }: { answer: () => Promise<boolean | 'open_order'> }) {
  const [deleted, setDeleted] = useState(false);
  const form = useForm({ initial: {} });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(async () => {
        const result = await answer();
        if (result === 'open_order') return form.fail('Your account cannot be deleted while an order is open.');
        if (!result) throw new Error('refused');
        setDeleted(true);
      })}
    >
      <FormAlert>{form.alert}</FormAlert>
      {deleted ? <p>Deleted</p> : null}
      <SubmitButton pending={form.pending} variant="danger">
        Delete account
      </SubmitButton>
    </form>
  );
}

const submit = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useForm', () => {
  it('shows "The {field} field is required" for each empty field, names it by its label, and does not submit', () => {
    const onSubmit = vi.fn();
    renderWith(<LoginForm onSubmit={onSubmit} />);
    submit('Log in');
    expect(screen.getByText('The Email field is required')).toBeTruthy();
    expect(screen.getByText('The Password field is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows "The {field} field format is invalid" for a malformed email, linked to the input', () => {
    renderWith(<LoginForm onSubmit={vi.fn()} email="driver@example" />);
    submit('Log in');
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = input
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id));
    expect(described.map((el) => el?.textContent)).toContain('The Email field format is invalid');
  });

  it('focuses the first invalid field on a failed submit', async () => {
    renderWith(<LoginForm onSubmit={vi.fn()} email="driver@example.com" />);
    submit('Log in');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Password', { selector: 'input' })));
  });

  it('focuses by page order, not by the order the fields are declared in', async () => {
    function Reversed() {
      const form = useForm({
        initial: { password: '', email: '' },
        labels: { email: 'Email', password: 'Password' },
        validate: { password: validateRequired, email: validateEmail },
      });
      return (
        <form noValidate onSubmit={form.handleSubmit(vi.fn())}>
          <TextField {...form.field('email')} />
          <PasswordField {...form.field('password')} />
          <SubmitButton pending={form.pending}>Log in</SubmitButton>
        </form>
      );
    }
    renderWith(<Reversed />);
    submit('Log in');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Email')));
  });

  it('focuses a checkbox too (register: the terms box after valid fields)', async () => {
    renderWith(<RegisterForm onSubmit={vi.fn()} />);
    type('Email', 'driver@example.com');
    type('Password', 'forecourt-demo');
    type('Confirm password', 'forecourt-demo');
    submit('Create account');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText('I accept the terms and conditions')),
    );
    expect(screen.getByText('Please accept the terms and conditions')).toBeTruthy();
  });

  it('passes the typed values to the submit', async () => {
    const onSubmit = vi.fn(async () => undefined);
    renderWith(<LoginForm onSubmit={onSubmit} />);
    type('Email', 'driver@example.com');
    type('Password', 'forecourt-demo');
    submit('Log in');
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ email: 'driver@example.com', password: 'forecourt-demo' }),
    );
  });

  it('keeps everything typed after a server error and says what went wrong in an alert', async () => {
    renderWith(
      <RegisterForm
        onSubmit={async () => {
          throw new ApiError(400, 'wrong_login_details');
        }}
      />,
    );
    type('Email', 'driver@example.com');
    type('Password', 'forecourt-demo');
    type('Confirm password', 'forecourt-demo');
    fireEvent.click(screen.getByLabelText('I accept the terms and conditions'));
    fireEvent.click(screen.getByLabelText('Send me offers'));
    submit('Create account');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe("Username and/or password are wrong. Maybe you didn't create an account.");
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('driver@example.com');
    expect((screen.getByLabelText('Password', { selector: 'input' }) as HTMLInputElement).value).toBe('forecourt-demo');
    expect((screen.getByLabelText('Confirm password', { selector: 'input' }) as HTMLInputElement).value).toBe(
      'forecourt-demo',
    );
    expect((screen.getByLabelText('I accept the terms and conditions') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Send me offers') as HTMLInputElement).checked).toBe(true);
  });

  it('disables the submit with aria-busy while pending, and a second press does not submit twice', async () => {
    const pending = deferred();
    const onSubmit = vi.fn(() => pending.promise);
    renderWith(<LoginForm onSubmit={onSubmit} email="driver@example.com" />);
    type('Password', 'forecourt-demo');
    submit('Log in');
    const button = screen.getByRole('button', { name: 'Log in' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    fireEvent.submit(button.closest('form')!);
    await act(async () => pending.resolve());
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(button.disabled).toBe(false);
  });

  it('clears the alert when the next submit starts', async () => {
    const first = deferred();
    const second = deferred();
    const onSubmit = vi.fn().mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    renderWith(<LoginForm onSubmit={onSubmit} email="driver@example.com" />);
    type('Password', 'x');
    submit('Log in');
    await act(async () => first.reject(new Error('boom')));
    expect(screen.getByRole('alert').textContent).toBe('There was an error. Please try again later!');
    submit('Log in');
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => second.resolve());
  });

  it('after a first submit, messages follow the typing (a fixed field loses its message)', () => {
    renderWith(<LoginForm onSubmit={vi.fn(async () => undefined)} />);
    submit('Log in');
    type('Email', 'driver@');
    expect(screen.getByText('The Email field format is invalid')).toBeTruthy();
    type('Email', 'driver@example.com');
    expect(screen.queryByText(/The Email field/)).toBeNull();
  });

  it('says nothing while a driver tabs through empty fields, but checks a field typed in when it is left', () => {
    renderWith(<LoginForm onSubmit={vi.fn()} />);
    fireEvent.blur(screen.getByLabelText('Email'));
    expect(screen.queryByText(/The Email field/)).toBeNull();
    type('Email', 'driver@');
    fireEvent.blur(screen.getByLabelText('Email'));
    expect(screen.getByText('The Email field format is invalid')).toBeTruthy();
  });

  it('password change: the current password is asked only when required, and the confirmation must match', async () => {
    const onSubmit = vi.fn(async () => undefined);
    const { unmount } = renderWith(<PasswordChange askCurrent={false} onSubmit={onSubmit} />);
    expect(screen.queryByLabelText('Current password')).toBeNull();
    type('New password', 'second-password');
    type('Confirm new password', 'second-passwort');
    submit('Save new password');
    expect(screen.getByText('The passwords do not match')).toBeTruthy();
    type('Confirm new password', 'second-password');
    submit('Save new password');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    unmount();

    renderWith(<PasswordChange askCurrent onSubmit={onSubmit} />);
    type('New password', 'short');
    submit('Save new password');
    expect(screen.getByText('The Current password field is required')).toBeTruthy();
    expect(screen.getByText('The password must have 8 to 40 characters')).toBeTruthy();
  });

  it('delete confirmation: a refusal that is not an error becomes the alert; a thrown one the generic text', async () => {
    const answer = vi.fn<() => Promise<boolean | 'open_order'>>().mockResolvedValueOnce('open_order');
    answer.mockResolvedValueOnce(false).mockResolvedValueOnce(true);
    renderWith(<DeleteConfirm answer={answer} />);
    submit('Delete account');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your account cannot be deleted while an order is open.',
    );
    submit('Delete account');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('There was an error. Please try again later!'),
    );
    submit('Delete account');
    expect(await screen.findByText('Deleted')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('speaks the active language: the field messages come from the catalog', () => {
    renderWith(<LoginForm onSubmit={vi.fn()} />, 'de');
    submit('Log in');
    expect(screen.getByText('Das Feld „E-Mail“ ist ein Pflichtfeld')).toBeTruthy();
  });
});
