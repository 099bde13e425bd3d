// Conditional GET for the polled reads (issue 16): the answer's ETag is its content's version (the same as the event
// stream's event id, http/sse.ts); a client that sends it back in If-None-Match gets 304 without a body. The browser
// does this by itself with Cache-Control no-cache (store, but ask every time), so the app's fetches stay unchanged.
import type { Context } from 'hono';
import { versionOf } from './sse';
import type { AppEnv } from './types';

/** Does the request's If-None-Match name this ETag (quoted, as sent)? */
export function ifNoneMatches(c: Context<AppEnv>, tag: string): boolean {
  return (
    c.req
      .header('if-none-match')
      ?.match(/"[^"]*"/g)
      ?.includes(tag) ?? false
  );
}

/** 304 for a version the client already has (known without loading it: services/orders/order-versions.ts). */
export function notModified(c: Context<AppEnv>, tag: string, cacheControl: string): Response {
  c.header('ETag', tag);
  c.header('Cache-Control', cacheControl);
  return c.body(null, 304);
}

/** The answer with its ETag (quoted), or 304 when the client has it; `tag` is also returned for the caller to keep. */
export function jsonWithEtag(c: Context<AppEnv>, value: unknown, cacheControl: string): Response {
  return jsonWithEtagOf(c, value, cacheControl).response;
}

export function jsonWithEtagOf(
  c: Context<AppEnv>,
  value: unknown,
  cacheControl: string,
): { response: Response; tag: string } {
  const json = JSON.stringify(value);
  const tag = `"${versionOf(json)}"`;
  c.header('ETag', tag);
  c.header('Cache-Control', cacheControl);
  if (ifNoneMatches(c, tag)) return { response: c.body(null, 304), tag };
  return { response: c.body(json, 200, { 'Content-Type': 'application/json' }), tag };
}
