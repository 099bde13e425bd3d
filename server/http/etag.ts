// Conditional GET for the polled reads (issue 16): the answer's ETag is its content's version (the same as the event
// stream's event id, http/sse.ts); a client that sends it back in If-None-Match gets 304 without a body. The browser
// does this by itself with Cache-Control no-cache (store, but ask every time), so the app's fetches stay unchanged.
import type { Context } from 'hono';
import { versionOf } from './sse';
import type { AppEnv } from './types';

export function jsonWithEtag(c: Context<AppEnv>, value: unknown, cacheControl: string): Response {
  const json = JSON.stringify(value);
  const tag = `"${versionOf(json)}"`;
  c.header('ETag', tag);
  c.header('Cache-Control', cacheControl);
  const ifNoneMatch = c.req.header('if-none-match');
  if (ifNoneMatch?.match(/"[^"]*"/g)?.includes(tag)) return c.body(null, 304);
  return c.body(json, 200, { 'Content-Type': 'application/json' });
}
