// Amazon Pay API v2 for Sign in with Amazon: GET /v2/buyers/{buyerToken}, signed as Amazon's own Node.js SDK signs
// (amzn/amazon-pay-api-sdk-nodejs 2.3.3, src/clientHelper.js: prepareOptions, signHeaders, getParametersAsString),
// algorithm AMZN-PAY-RSASSA-PSS-V2 (RSASSA-PSS, SHA-256, salt 32). No SDK dependency: one GET needs ~80 lines.
import { constants, createHash, type KeyObject, sign } from 'node:crypto';
import { z } from 'zod';
import { DomainError } from '../errors';

export const AMAZON_SIGNATURE_ALGORITHM = { name: 'AMZN-PAY-RSASSA-PSS-V2', saltLength: 32 } as const;
/** How long we wait for Amazon before answering 502. */
export const AMAZON_API_TIMEOUT_MS = 10_000;
/** Our API region: the EU endpoint (pay-api.amazon.eu); the SDK's REGION_MAP names it 'eu'. */
const REGION = 'eu';

const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** x-amz-pay-date: ISO 8601 to the second (the SDK's getTimestamp). */
export const amazonTimestamp = (date: Date) => `${date.toISOString().split('.')[0]}Z`;

/** The SDK's getParametersAsString: keys sorted, values URI-encoded, joined with '&'. */
function parametersAsString(params: Readonly<Record<string, string>> | undefined): string {
  if (!params) return '';
  return Object.keys(params)
    .sort()
    .map((key) => `${key}=${encodeURIComponent(params[key] ?? '')}`)
    .join('&');
}

/**
 * The SDK's prepareOptions: a publicKeyId that names its environment (LIVE-…, SANDBOX-…) calls /v2/… directly;
 * an older key calls /sandbox/v2/… or /live/v2/… by the sandbox setting.
 */
export function amazonApiPath(publicKeyId: string, sandbox: boolean, fragment: string): string {
  const id = publicKeyId.toUpperCase();
  if (id.startsWith('LIVE') || id.startsWith('SANDBOX')) return `/v2/${fragment}`;
  return `/${sandbox ? 'sandbox' : 'live'}/v2/${fragment}`;
}

export type AmazonRequest = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path as sent, starting with '/' (amazonApiPath). */
  path: string;
  query?: Readonly<Record<string, string>>;
  /** x-amz-pay-host: the API's host (the SDK signs the endpoint host, or its override as given). */
  host: string;
  date: Date;
  payload?: string;
};

/** The SDK's canonical request: method, path, query, the headers (lower-case, sorted) and the payload's hash. */
export function amazonCanonicalRequest(
  req: AmazonRequest,
  headers: Readonly<Record<string, string>>,
): { canonical: string; signedHeaders: string } {
  const keys = Object.keys(headers).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
  const signedHeaders = keys.map((k) => k.toLowerCase()).join(';');
  let canonical = `${req.method}\n${req.path}\n${parametersAsString(req.query)}\n`;
  for (const k of keys) canonical += `${k.toLowerCase()}:${headers[k]}\n`;
  canonical += `\n${signedHeaders}\n${sha256Hex(req.payload ?? '')}`;
  return { canonical, signedHeaders };
}

/** The SDK's signHeaders: the headers Amazon wants, signed, with the Authorization header. */
export function signAmazonRequest(
  req: AmazonRequest,
  credentials: { publicKeyId: string; privateKey: KeyObject },
): Record<string, string> {
  const headers: Record<string, string> = {
    'x-amz-pay-region': REGION,
    'x-amz-pay-host': req.host,
    'x-amz-pay-date': amazonTimestamp(req.date),
    'content-type': 'application/json',
    accept: 'application/json',
  };
  const { canonical, signedHeaders } = amazonCanonicalRequest(req, headers);
  const stringToSign = `${AMAZON_SIGNATURE_ALGORITHM.name}\n${sha256Hex(canonical)}`;
  const signature = sign('sha256', Buffer.from(stringToSign), {
    key: credentials.privateKey,
    padding: constants.RSA_PKCS1_PSS_PADDING,
    saltLength: AMAZON_SIGNATURE_ALGORITHM.saltLength,
  }).toString('base64');
  return {
    ...headers,
    authorization: `${AMAZON_SIGNATURE_ALGORITHM.name} PublicKeyId=${credentials.publicKeyId}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/** The part of Amazon's Buyer object we use (signInScopes name and email). */
const buyerResponse = z.object({
  buyerId: z.string().min(1),
  name: z.string().nullish(),
  email: z.email(),
});
export type AmazonApiBuyer = { buyerId: string; name: string; email: string };

export type AmazonApiConfig = {
  apiUrl: string;
  publicKeyId: string;
  privateKey: KeyObject;
  sandbox: boolean;
  timeoutMs?: number;
};

const unavailable = (message: string, details?: unknown) =>
  new DomainError('upstream_failed', 'amazon_unavailable', message, details);

/**
 * GET /v2/buyers/{buyerToken}: the buyer who signed in at Amazon. A token Amazon does not know (400, 404) is the
 * caller's fault (422 amazon_token_invalid, like a spent sandbox token); anything else on Amazon's side — our key
 * refused (401, 403), throttled, 5xx, no answer within 10 s, an answer without an email — is a 502.
 */
export async function getAmazonBuyer(config: AmazonApiConfig, buyerToken: string, now: Date): Promise<AmazonApiBuyer> {
  const base = new URL(config.apiUrl);
  const path = amazonApiPath(config.publicKeyId, config.sandbox, `buyers/${encodeURIComponent(buyerToken)}`);
  const headers = signAmazonRequest(
    { method: 'GET', path, host: base.host, date: now },
    { publicKeyId: config.publicKeyId, privateKey: config.privateKey },
  );
  let res: Response;
  try {
    res = await fetch(new URL(base.pathname.replace(/\/$/, '') + path, base), {
      method: 'GET',
      headers,
      signal: AbortSignal.timeout(config.timeoutMs ?? AMAZON_API_TIMEOUT_MS),
      redirect: 'error',
    });
  } catch (err) {
    const timedOut = err instanceof Error && err.name === 'TimeoutError';
    throw unavailable(timedOut ? 'Amazon Pay did not answer in time' : 'Amazon Pay could not be reached', {
      reason: timedOut ? 'timeout' : 'network',
    });
  }
  const body: unknown = await res.json().catch(() => null);
  if (res.status === 400 || res.status === 404) {
    throw new DomainError('unprocessable', 'amazon_token_invalid', 'Amazon does not know this sign-in', {
      reason: 'unknown',
    });
  }
  if (!res.ok) {
    const reasonCode = (body as { reasonCode?: unknown } | null)?.reasonCode;
    throw unavailable('Amazon Pay refused the request', {
      status: res.status,
      ...(typeof reasonCode === 'string' ? { reasonCode: reasonCode.slice(0, 100) } : {}),
    });
  }
  const buyer = buyerResponse.safeParse(body);
  if (!buyer.success) throw unavailable('Amazon Pay answered without the buyer’s email', { reason: 'response' });
  return { buyerId: buyer.data.buyerId, name: buyer.data.name ?? '', email: buyer.data.email.trim().toLowerCase() };
}
