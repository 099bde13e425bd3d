// The types of server-node-args.mjs (plain JavaScript: scripts/start.mjs runs it with node, before any build).
export function serverNodeArgs(env?: Record<string, string | undefined>): string[];
