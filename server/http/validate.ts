// Request validation with the contract's zod schemas. Malformed JSON → 400 bad_request; schema failures
// (missing field, unknown field, wrong type) → 400 validation_error with details [{path, message}].
import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError } from '../errors';

export type IssueDetail = { path: string; message: string };

export function issuesToDetails(error: z.ZodError): IssueDetail[] {
  return error.issues.flatMap((issue) => {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((k) => ({ path: base ? `${base}.${k}` : k, message: 'Unknown field' }));
    }
    return [{ path: base, message: issue.message }];
  });
}

export function validate<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new ApiError(400, 'validation_error', 'The request is invalid', issuesToDetails(result.error));
  }
  return result.data;
}

/** Reads and validates a JSON body. An empty body is `undefined` (schemas that allow it accept it). */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  let value: unknown;
  if (text.trim() !== '') {
    try {
      value = JSON.parse(text);
    } catch {
      throw new ApiError(400, 'bad_request', 'The request body is not valid JSON');
    }
  }
  return validate(schema, value);
}

export function query<S extends z.ZodType>(c: Context, schema: S): z.output<S> {
  return validate(schema, c.req.query());
}
