// /openid/callback: the OpenID Connect sign-in's page in the app (issue 36), and the redirect URI registered at the
// provider. A button (/login, /register, the profile's "Linked sign-ins") asks for a sign-in in this tab and comes here:
// the page asks the server to start and sends the driver on to the provider. The provider sends the driver back here
// with ?code&state (or ?error=access_denied). The address bar is cleaned at once, whatever follows; the answer goes to
// the server with this tab's handle. Then: signed in (on to where the driver was going), linked (back to the profile),
// or what the server still needs — the password of the account the identity's email has (as with Amazon), an email
// proven by a mailed code, or a registration. Not a (public) page: its strings are the account catalog's, so the
// shell catalog every first screen loads does not carry them.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState } from 'react';
import type { LoginResponse, OpenIdCallbackResponse } from '../../../contract/auth';
import {
  openIdApi,
  openIdKeys,
  type PendingOpenId,
  rememberIdentity,
  startOpenIdLogin,
  takeOpenIdStart,
  takePendingOpenId,
} from '../../features/session/openid';
import { startSession } from '../../features/session/queries';
import { AlertInView } from '../../features/session/ui/AlertInView';
import { SecureIcon } from '../../features/session/ui/icons';
import { StatusScreen } from '../../features/session/ui/StatusScreen';
import { errorText } from '../../i18n/messages';
import { ApiError } from '../../lib/http/errors';
import { validateEmail, validateRequired } from '../../lib/validation';
import { Button, Page, PasswordField, Spinner, TextField, toast, useForm } from '../../ui';
import { AlertIcon } from '../../ui/icons';

export const Route = createFileRoute('/openid/callback')({
  component: OpenIdCallback,
});

type Purpose = PendingOpenId['purpose'];
type Step =
  | { kind: 'working'; label?: string }
  | { kind: 'failed'; text: MessageDescriptor | string }
  | { kind: 'password'; email: string }
  | { kind: 'email'; suggested: string }
  | { kind: 'code'; email: string };

const AGAIN = msg`This sign-in could not be completed: it expired, or it was started in another tab. Please start again.`;
const REFUSED = msg`The sign-in with your identity provider could not be verified. Please try again.`;

/** The words for an error of the OpenID calls; null: the app's one error text (offline, too many attempts…). */
function openIdText(error: unknown): MessageDescriptor | null {
  if (!(error instanceof ApiError)) return null;
  switch (error.code) {
    case 'openid_unavailable':
      return msg`The identity provider cannot be reached right now. Please try again later.`;
    case 'openid_identity_taken':
      return msg`This sign-in is already linked to another account.`;
    case 'openid_code_wrong':
      return msg`The code is not right. Check the mail we sent and try again.`;
    case 'openid_failed': {
      const reason = (error.details as { reason?: unknown } | null)?.reason;
      if (reason === 'cancelled') return msg`The sign-in was cancelled. Nothing was changed.`;
      if (reason === 'state' || reason === 'expired' || reason === 'used') return AGAIN;
      return REFUSED;
    }
    case 'invalid_id_token':
    case 'bad_request':
    case 'not_found':
      return REFUSED;
    default:
      return null;
  }
}

const detailEmail = (error: ApiError): string | null => {
  const email = (error.details as { email?: unknown } | null)?.email;
  return typeof email === 'string' ? email : null;
};

function OpenIdCallback() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const [purpose, setPurpose] = useState<Purpose>('login');
  const [pending, setPending] = useState<PendingOpenId | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'working' });
  const textOf = (error: unknown): MessageDescriptor | string => openIdText(error) ?? errorText(i18n, error);
  const fail = (error: unknown) => setStep({ kind: 'failed', text: textOf(error) });

  const signedIn = (response: LoginResponse, to: PendingOpenId) => {
    startSession(queryClient, response, false);
    void (to.redirect ? navigate({ href: to.redirect, replace: true }) : navigate({ to: '/', replace: true }));
  };

  /** What the server answered (a session, a link, or what is missing) → the next step. */
  const follow = async (to: PendingOpenId, answer: () => Promise<OpenIdCallbackResponse>) => {
    try {
      const response = await answer();
      if ('linked' in response) {
        await queryClient.invalidateQueries({ queryKey: openIdKeys.identities });
        toast.show({ text: i18n._(msg`The sign-in is linked to your account`), tone: 'success' });
        void navigate({ to: '/profile/manage', replace: true });
        return;
      }
      signedIn(response, to);
    } catch (error) {
      if (!(error instanceof ApiError)) return fail(error);
      if (error.code === 'openid_link_required') {
        setStep({ kind: 'password', email: detailEmail(error) ?? '' });
      } else if (error.code === 'openid_email_required') {
        setStep({ kind: 'email', suggested: detailEmail(error) ?? '' });
      } else if (error.code === 'not_registered') {
        // A verified email without an account: registering with it links the identity.
        const email = detailEmail(error) ?? '';
        rememberIdentity({ transaction: to.transaction, email });
        void navigate({
          to: '/register/mail',
          search: { ...(email ? { email } : {}), ...(to.redirect ? { redirect: to.redirect } : {}) },
          replace: true,
        });
      } else if (['openid_code_wrong', 'wrong_login_details', 'too_many_requests'].includes(error.code)) {
        throw error; // said in the form that asked
      } else {
        fail(error);
      }
    }
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const answer = window.location.search;
    // The provider's answer (the app's own query keys, such as auth, may be there too).
    const params = new URLSearchParams(answer);
    const fromProvider = ['code', 'state', 'error'].some((key) => params.has(key));
    // Code, state or error never stay in the address bar or the history.
    if (fromProvider) history.replaceState(history.state, '', window.location.pathname);
    const start = fromProvider ? null : takeOpenIdStart();
    if (start) {
      setPurpose(start.purpose);
      setStep({ kind: 'working', label: start.provider.label });
      startOpenIdLogin(start).catch(fail);
      return;
    }
    const taken = takePendingOpenId();
    if (!taken || !fromProvider) {
      setStep({ kind: 'failed', text: AGAIN });
      return;
    }
    setPurpose(taken.purpose);
    setPending(taken);
    void follow(taken, () => openIdApi.callback(taken.transaction, answer));
  });

  const back = () =>
    void (purpose === 'link'
      ? navigate({ to: '/profile/manage', replace: true })
      : navigate({ to: '/login', replace: true }));

  if (step.kind === 'failed') {
    return (
      <StatusScreen
        icon={<AlertIcon size={32} />}
        tone="danger"
        title={<Trans>Sign-in not completed</Trans>}
        live
        actions={
          <Button size="lg" onClick={back}>
            {purpose === 'link' ? <Trans>Back to your details</Trans> : <Trans>Back to log in</Trans>}
          </Button>
        }
      >
        <p>{typeof step.text === 'string' ? step.text : i18n._(step.text)}</p>
      </StatusScreen>
    );
  }
  if (pending && step.kind === 'password') {
    return (
      <LinkWithPassword
        email={step.email}
        cancel={back}
        alertFor={textOf}
        link={(password) => follow(pending, () => openIdApi.complete({ transaction: pending.transaction, password }))}
      />
    );
  }
  if (pending && step.kind === 'email') {
    return (
      <AskEmail
        suggested={step.suggested}
        cancel={back}
        alertFor={textOf}
        send={async (email) => {
          await openIdApi.sendEmailCode({ transaction: pending.transaction, email });
          setStep({ kind: 'code', email });
        }}
      />
    );
  }
  if (pending && step.kind === 'code') {
    return (
      <AskCode
        email={step.email}
        cancel={back}
        alertFor={textOf}
        confirm={(emailCode) =>
          follow(pending, () => openIdApi.complete({ transaction: pending.transaction, emailCode }))
        }
      />
    );
  }
  const label = step.kind === 'working' ? step.label : undefined;
  return (
    <StatusScreen
      icon={<SecureIcon size={32} />}
      title={label ? <Trans>Connecting to {label}</Trans> : <Trans>Signing you in</Trans>}
      live
    >
      <Spinner />
    </StatusScreen>
  );
}

type Shared = { cancel: () => void; alertFor: (error: unknown) => MessageDescriptor | string };

function StepPage({
  title,
  description,
  submit,
  formId,
  pending,
  cancel,
  children,
}: Omit<Shared, 'alertFor'> & {
  title: React.ReactNode;
  description: React.ReactNode;
  submit: React.ReactNode;
  formId: string;
  pending: boolean;
  children: React.ReactNode;
}) {
  return (
    <Page
      className="sign-in-page"
      title={title}
      description={description}
      actions={
        <>
          <Button type="submit" form={formId} size="lg" loading={pending}>
            {submit}
          </Button>
          <Button variant="secondary" size="lg" onClick={cancel}>
            <Trans>Cancel</Trans>
          </Button>
        </>
      }
    >
      {children}
    </Page>
  );
}

/** The identity's verified email has an account: its password links them, once. */
function LinkWithPassword({
  email,
  link,
  cancel,
  alertFor,
}: Shared & { email: string; link: (p: string) => Promise<void> }) {
  const formId = useId();
  const form = useForm({
    initial: { password: '' },
    labels: { password: msg`Password` },
    validate: { password: validateRequired },
    alertFor,
  });
  return (
    <StepPage
      formId={formId}
      pending={form.pending}
      cancel={cancel}
      title={<Trans>Link this sign-in to your account</Trans>}
      description={<Trans>{email} already has an account. Enter its password to link this sign-in to it.</Trans>}
      submit={<Trans>Link and sign in</Trans>}
    >
      <form
        id={formId}
        className="sign-in-form"
        noValidate
        onSubmit={form.handleSubmit(({ password }) => link(password))}
      >
        <AlertInView>{form.alert}</AlertInView>
        <PasswordField autoComplete="current-password" {...form.field('password')} />
      </form>
    </StepPage>
  );
}

/** No (verified) email came with the identity: the driver names one, and we mail a code to prove it. */
function AskEmail({
  suggested,
  send,
  cancel,
  alertFor,
}: Shared & { suggested: string; send: (e: string) => Promise<void> }) {
  const formId = useId();
  const form = useForm({
    initial: { email: suggested },
    labels: { email: msg`Email` },
    validate: { email: validateEmail },
    alertFor,
  });
  return (
    <StepPage
      formId={formId}
      pending={form.pending}
      cancel={cancel}
      title={<Trans>Confirm your email</Trans>}
      description={
        <Trans>Your identity provider did not confirm an email address. Enter yours and we will mail you a code.</Trans>
      }
      submit={<Trans>Send code</Trans>}
    >
      <form
        id={formId}
        className="sign-in-form"
        noValidate
        onSubmit={form.handleSubmit(({ email }) => send(email.trim().toLowerCase()))}
      >
        <AlertInView>{form.alert}</AlertInView>
        <TextField type="email" autoComplete="email" inputMode="email" {...form.field('email')} />
      </form>
    </StepPage>
  );
}

const validateCode = (value: string) => (/^\d{6}$/.test(value.trim()) ? null : { kind: 'format' as const });

function AskCode({
  email,
  confirm,
  cancel,
  alertFor,
}: Shared & { email: string; confirm: (c: string) => Promise<void> }) {
  const formId = useId();
  const form = useForm({
    initial: { code: '' },
    labels: { code: msg`Code` },
    validate: { code: validateCode },
    alertFor,
  });
  return (
    <StepPage
      formId={formId}
      pending={form.pending}
      cancel={cancel}
      title={<Trans>Enter the code</Trans>}
      description={<Trans>We sent a six-digit code to {email}. It works for 10 minutes.</Trans>}
      submit={<Trans>Confirm</Trans>}
    >
      <form
        id={formId}
        className="sign-in-form"
        noValidate
        onSubmit={form.handleSubmit(({ code }) => confirm(code.trim()))}
      >
        <AlertInView>{form.alert}</AlertInView>
        <TextField autoComplete="one-time-code" inputMode="numeric" {...form.field('code')} />
      </form>
    </StepPage>
  );
}
