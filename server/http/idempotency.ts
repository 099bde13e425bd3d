// Idempotency-Key on the HTTP side: reading the header, running a write once per key (services/idempotency), and
// sending the stored answer (the first one, or its replay byte for byte).
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { IDEMPOTENCY_HEADER } from '../../contract/orders';
import type { AppContext } from '../context';
import { DomainError } from '../errors';
import { requestFingerprint, runIdempotent } from '../services/idempotency';
import type { AppEnv } from './types';

const KEY = /^[\x21-\x7e]{1,255}$/;

/** Writes may carry a key (the app's client id of an order attempt or an outbox write); without one they run plainly. */
function optionalIdempotencyKey(c: Context<AppEnv>): string | undefined {
  const key = c.req.header(IDEMPOTENCY_HEADER)?.trim();
  if (!key) return undefined;
  if (!KEY.test(key)) throw new DomainError('invalid', 'bad_request', `The ${IDEMPOTENCY_HEADER} header is malformed`);
  return key;
}

/**
 * A write the app's outbox may send twice (its answer lost): with an Idempotency-Key the first answer is stored and a
 * repeat of the same key replays it instead of writing again (or answering 409 for a cancel that already happened).
 */
export async function idempotentWrite(
  ctx: AppContext,
  c: Context<AppEnv>,
  /** What identifies the request besides method and path (its JSON body, an image's digest). */
  raw: unknown,
  /** The write, on the context it is given: with a key, its database is the transaction that stores the answer. */
  write: (ctx: AppContext) => Promise<unknown>,
  status: ContentfulStatusCode = 200,
): Promise<Response> {
  const key = optionalIdempotencyKey(c);
  if (!key) {
    c.header('Cache-Control', 'no-store');
    return c.json(await write(ctx), status);
  }
  const res = await runIdempotent({
    ctx,
    input: {
      userId: c.get('session').userId,
      key,
      fingerprint: requestFingerprint(c.req.method, c.req.path, raw ?? null),
    },
    run: async (tx) => ({ status, body: JSON.stringify(await write(tx)) }),
  });
  return sendStored(c, res);
}

/** Sends the exact JSON text (first answer or replay). */
function sendStored(c: Context<AppEnv>, res: { status: number; body: string; replayed: boolean }) {
  c.header('Content-Type', 'application/json');
  c.header('Cache-Control', 'no-store');
  if (res.replayed) c.header('Idempotent-Replayed', 'true');
  return c.body(res.body, res.status as ContentfulStatusCode);
}
