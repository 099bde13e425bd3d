// The server as a process, as `npm start` runs it: node with the flags of scripts/server-node-args.mjs and the bundle
// that tests/server/global-setup.ts made from the sources for this run.
import { inject } from 'vitest';
import { serverNodeArgs } from '../../scripts/server-node-args.mjs';

/** The arguments for node (process.execPath) that start the server with `env`. */
export function serverArgs(env: NodeJS.ProcessEnv): string[] {
  return [...serverNodeArgs(env), inject('serverBundle')];
}
