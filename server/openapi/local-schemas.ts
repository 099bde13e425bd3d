// Answers of the server's own operator and sandbox endpoints (health, console, test knobs, demo identity provider):
// not part of the app's contract, so described here, next to the registry that names them.
import { z } from 'zod';

export const healthAnswer = z.object({ status: z.literal('ok'), node: z.string() });

/** GET /readyz when ready; the checks' shape belongs to ops/readiness.ts (described loosely). */
export const readyAnswer = z.object({
  status: z.literal('ready'),
  node: z.string(),
  checks: z.record(z.string(), z.unknown()),
});

export const postpayExpiryAnswer = z.object({ stationId: z.string(), seconds: z.number().int() });

/** A device on the forecourt console (services/forecourt DeviceView): described loosely, its fields vary by kind. */
export const consoleDevice = z.looseObject({ productId: z.string() });

/** A station on the forecourt console with its devices (services/forecourt). */
export const consoleStation = z.looseObject({ devices: z.array(consoleDevice) });
export const consoleStations = z.array(z.looseObject({}));

/** GET /forecourt/api/mail: the mail queue for the operator (server/mail/queue.ts MailQueueOverview). */
export const consoleMailQueue = z.object({
  counts: z.object({ queued: z.number().int(), sent: z.number().int(), failed: z.number().int() }),
  available: z.boolean(),
  mails: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(['mail', 'temp-password']),
      to: z.string(),
      subject: z.string(),
      state: z.enum(['queued', 'failed']),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      createdAt: z.string(),
      lastAttemptAt: z.string().nullable(),
      nextAttemptAt: z.string().nullable(),
    }),
  ),
});

/** POST /forecourt/api/chargers: the registered charge point and the URL it connects to. */
export const registeredCharger = z.looseObject({ url: z.string() });

/** The demo OpenID provider's discovery document and key set (standard OpenID Connect shapes). */
export const openIdConfiguration = z.looseObject({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  jwks_uri: z.string(),
});
/** The demo provider's token answer (RFC 6749 5.1), or its error (5.2). */
export const oauthTokenResponse = z.looseObject({
  access_token: z.string(),
  token_type: z.string(),
  id_token: z.string(),
});
export const jwks = z.looseObject({ keys: z.array(z.looseObject({})) });
