// The process's log: JSON lines through pino on stdout (one object per line: time, level, node, pid, msg, fields),
// filtered by LOG_LEVEL. Messages are ours; request bodies, headers and query strings are never logged, and keys that
// could carry a secret are censored as a second line of defence (REDACT). server/index.ts makes one per process.
import pino from 'pino';
import type { Logger } from './context';

/** Keys censored wherever they appear at the top level or one level down of a line's fields (or an error's). */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'oldPassword',
  'tempPassword',
  'token',
  'auth_token',
  'authorization',
  'cookie',
  'cardNumber',
  'pan',
  'cvc',
  'pin',
];
const REDACT = SECRET_KEYS.flatMap((k) => [k, `*.${k}`]);

export type LogFields = Record<string, unknown>;

/** The context's Logger plus pino's own methods for structured lines (request lines, warnings, start-up facts). */
export type ProcessLog = Logger & {
  pino: pino.Logger;
  warn(line: string, fields?: LogFields): void;
};

export function createLog(opts: {
  level: pino.LevelWithSilent;
  node: string;
  /** Where the lines go (default: stdout, written synchronously so nothing is lost on exit). */
  destination?: pino.DestinationStream;
}): ProcessLog {
  const logger = pino(
    {
      level: opts.level,
      base: { node: opts.node, pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACT, censor: '[redacted]' },
      serializers: { err: pino.stdSerializers.err },
    },
    opts.destination ?? pino.destination({ fd: 1, sync: true }),
  );
  return {
    pino: logger,
    info: (line, fields) => (fields ? logger.info(fields, line) : logger.info(line)),
    warn: (line, fields) => (fields ? logger.warn(fields, line) : logger.warn(line)),
    error: (line, err) => {
      if (err === undefined || err === null || err === '') logger.error(line);
      else if (err instanceof Error) logger.error({ err }, line);
      else logger.error({ detail: String(err) }, line);
    },
  };
}
