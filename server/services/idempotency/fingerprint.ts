// The request fingerprint of an idempotent call: method + path + sha256 of the canonical JSON body (keys sorted), so
// the same body with its keys in another order is the same request.
import { createHash } from 'node:crypto';

export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestFingerprint(method: string, path: string, body: unknown): string {
  return `${method.toUpperCase()} ${path} ${createHash('sha256').update(canonicalJson(body)).digest('hex')}`;
}
