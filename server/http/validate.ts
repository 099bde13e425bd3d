// Request validation with the contract's zod schemas. Malformed JSON, or text that is not valid Unicode → 400
// bad_request; schema failures (missing field, unknown field, wrong type) → 400 validation_error with details
// [{path, message}].
import type { Context } from 'hono';
import type { z } from 'zod';
import { DomainError } from '../errors';

type IssueDetail = { path: string; message: string };

function issuesToDetails(error: z.ZodError): IssueDetail[] {
  return error.issues.flatMap((issue) => {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((k) => ({ path: base ? `${base}.${k}` : k, message: 'Unknown field' }));
    }
    return [{ path: base, message: issue.message }];
  });
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The path of the first string (value or key) holding a lone UTF-16 surrogate, if any. */
function loneSurrogateAt(value: unknown, path: string): string | undefined {
  if (typeof value === 'string') return LONE_SURROGATE.test(value) ? path : undefined;
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (LONE_SURROGATE.test(key)) return at;
    const found = loneSurrogateAt(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Every body and query passes here. JSON may spell a lone surrogate ("\ud800"), which is no character: the database
 * would silently store U+FFFD instead, so it is refused. (A URL cannot carry one: a percent-encoded surrogate is not
 * UTF-8 and stays undecoded.)
 */
export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const broken = loneSurrogateAt(value, '');
  if (broken !== undefined) {
    throw new DomainError(
      'invalid',
      'bad_request',
      'The request contains text that is not valid Unicode (a lone surrogate)',
      [{ path: broken, message: 'Not valid Unicode' }],
    );
  }
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new DomainError('invalid', 'validation_error', 'The request is invalid', issuesToDetails(result.error));
  }
  return result.data;
}

/** No body of ours nests deeper than a few levels; a deeper one is refused before it is parsed or walked. */
export const MAX_JSON_DEPTH = 32;

/** True when the JSON text opens more than `max` arrays/objects inside each other (strings are skipped). */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \\ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) {
      inString = true;
    } else if (ch === 123 /* { */ || ch === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (ch === 125 /* } */ || ch === 93 /* ] */) {
      depth--;
    }
  }
  return false;
}

/** The JSON body as sent, not validated yet (an empty body is `undefined`). Malformed JSON → 400 bad_request. */
export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') return undefined;
  if (jsonTooDeep(text)) {
    throw new DomainError('invalid', 'bad_request', `The JSON body is nested more than ${MAX_JSON_DEPTH} levels deep`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new DomainError('invalid', 'bad_request', 'The request body is not valid JSON');
  }
}

/** Reads and validates a JSON body. An empty body is `undefined` (schemas that allow it accept it). */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  return validate(schema, await readJson(c));
}

export function query<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return validate(schema, c.req.query());
}
