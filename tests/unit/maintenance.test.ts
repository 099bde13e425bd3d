// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
import { describe, expect, it } from 'vitest';
import { isUnderMaintenance } from '../../src/app/maintenance';
import { MAINTENANCE_TIMEOUT_MS } from '../../src/lib/constants';

const answer = (body: unknown, status = 200) =>
  (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('maintenance check at start (shell-and-account.md §4)', () => {
  it('times out after 20000 ms', () => {
    expect(MAINTENANCE_TIMEOUT_MS).toBe(20_000);
  });
  it('goes to maintenance when the production flag is set', async () => {
    expect(await isUnderMaintenance(answer({ production: true }))).toBe(true);
  });
  it('continues when the flag is not set', async () => {
    expect(await isUnderMaintenance(answer({ production: false }))).toBe(false);
  });
  it('continues on an error answer, a bad body or a network failure', async () => {
    expect(await isUnderMaintenance(answer({ production: true }, 503))).toBe(false);
    expect(await isUnderMaintenance(answer('nope'))).toBe(false);
    const failing = (async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    expect(await isUnderMaintenance(failing)).toBe(false);
  });
  it('continues when the check times out', async () => {
    const hanging = ((_url: string, init?: RequestInit) =>
      new Promise((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('timeout', 'TimeoutError')));
      })) as unknown as typeof fetch;
    expect(await isUnderMaintenance(hanging, 20)).toBe(false);
  });
});
