// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
// Issue 16 (≤ 200 MiB idle on PGlite): the flags `npm start`, the e2e server and the benches give the server process.
import { describe, expect, it } from 'vitest';
import { serverNodeArgs } from '../../scripts/server-node-args.mjs';

describe('serverNodeArgs', () => {
  it('on PGlite: baseline-compiled WebAssembly and a young generation of 8 MiB', () => {
    expect(serverNodeArgs({})).toEqual(['--liftoff-only', '--max-semi-space-size=4']);
    expect(serverNodeArgs({ DATA_DIR: '/var/lib/forecourt' })).toEqual(['--liftoff-only', '--max-semi-space-size=4']);
  });

  it('on PostgreSQL: none (no WebAssembly there, and the workers keep V8 defaults for throughput)', () => {
    expect(serverNodeArgs({ DATABASE_URL: 'postgres://localhost/forecourt' })).toEqual([]);
  });
});
