// Biometrics (WebAuthn) as the alternative to the payment PIN (pay-flows.md §6, §7 cloud functions): register a
// passkey of this device, and validate with it before a card payment. The summary calls useBiometricValidation.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, lazySchema } from '../../lib/http/index';
import { functionResult, validationResult } from './api';
import { paymentMethodKeys } from './queries';

// The options are the server library's JSON, handed to the browser library as they are (loaded with the call: the
// summary imports this module, and zod stays out of the pay path's code, issue 16).
const optionsJson = lazySchema(() =>
  import('../../../contract/payment-methods').then((m) => m.webauthnOptionsResponse),
);

export const webauthnKeys = { has: () => [...paymentMethodKeys.all, 'webauthn'] as const };

/** has_user_webauthn: "swallows errors and returns false" (pay-flows.md §8). */
export const hasBiometricsQuery = () =>
  queryOptions({
    queryKey: webauthnKeys.has(),
    queryFn: async ({ signal }) => {
      try {
        return (await api.request('functions/has_user_webauthn_prod', functionResult, { signal })).result;
      } catch {
        return false;
      }
    },
    staleTime: 0,
  });

/** @simplewebauthn/browser's own test (browserSupportsWebAuthn), inline: the library loads only when a passkey is used. */
export const biometricsSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

// The browser library (3 KiB gzip) loads with the first passkey step, not with the summary (issue 16 budget).
const webauthnBrowser = () => import('@simplewebauthn/browser');

/** generate_register_options → the device's passkey → register_webauthn. */
/** The server names the passkey after the account's email unless a userName is given. */
export async function registerBiometrics(user: { userId: string; userName?: string }): Promise<void> {
  const options = await api.request('functions/generate_register_options_prod', optionsJson, {
    method: 'POST',
    json: user,
  });
  const { startRegistration } = await webauthnBrowser();
  // biome-ignore lint/suspicious/noExplicitAny: the server library's options JSON, passed through unchanged
  const credential = await startRegistration({ optionsJSON: options as any });
  await api.request('functions/register_webauthn_prod', functionResult, { method: 'POST', json: { credential } });
}

/**
 * generate_login_options → the device's passkey → login_webauthn: the proof the authorize payload carries when
 * validated (null when not).
 */
export async function validateWithBiometrics(userId: string): Promise<string | null> {
  const options = await api.request('functions/generate_login_options_prod', optionsJson, {
    method: 'POST',
    json: { userId },
  });
  const { startAuthentication } = await webauthnBrowser();
  // biome-ignore lint/suspicious/noExplicitAny: see above
  const assertion = await startAuthentication({ optionsJSON: options as any });
  const done = await api.request('functions/login_webauthn_prod', validationResult, {
    method: 'POST',
    json: { userId, assertion },
  });
  return done.result ? (done.paymentProof ?? null) : null;
}

/**
 * For the summary's validation step: whether biometrics can replace the PIN here, and the validation itself
 * (null when the driver cancels or it fails: the summary then offers the PIN; else the payment's proof).
 */
export function useBiometricValidation(userId: string | null) {
  const has = useQuery({ ...hasBiometricsQuery(), enabled: !!userId });
  const available = !!userId && has.data === true && biometricsSupported();
  return {
    available,
    validate: async (): Promise<string | null> => {
      if (!available || !userId) return null;
      try {
        return await validateWithBiometrics(userId);
      } catch {
        return null;
      }
    },
  };
}
