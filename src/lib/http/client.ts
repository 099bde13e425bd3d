// The one HTTP client (pay-flows.md §7): bearer token, locale, app version, a fresh correlation id, 30 s timeout.
// Every response is parsed with the contract's zod schema here, at the edge; callers get typed data or an ApiError.
// A schema may come lazily (`lazySchema`): its module is imported when the request starts, beside the fetch, so the
// code that makes a call at start-up does not carry zod (issue 16); the answer is still parsed before anyone sees it.
import ky, { HTTPError, type KyInstance, TimeoutError } from 'ky';
import type { z } from 'zod';
import type { PlainSchema } from '../../../contract/plain/plain-schema';
import { type Language, localeHeader } from '../../i18n/language';
import { APP_VERSION_HEADER_VALUE, REQUEST_TIMEOUT_MS } from '../constants';
import { apiErrorState } from './api-error-state';
import { reportError } from './error-reporter';
import { ApiError, BAD_RESPONSE, CANCELLED, NETWORK_ERROR, TIMEOUT } from './errors';

export type ClientContext = {
  baseUrl: string;
  getToken: () => string | null;
  getLanguage: () => Language | null;
  /** A 401 on a call that needed a session: the app logs in as a guest (pay-flows.md §4). */
  onUnauthorized?: (path: string) => void;
  /** 403 temp_pass: the password has expired; the app goes to /change-tmp-password. */
  onPasswordExpired?: () => void;
  fetch?: typeof fetch;
  newCorrelationId?: () => string;
};

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  json?: unknown;
  /** A binary body (an image upload) instead of JSON; its Content-Type goes in headers. */
  body?: Blob;
  searchParams?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  headers?: Record<string, string>;
};

export const HEADER_LOCALE = 'X-Locale';
export const HEADER_APP_VERSION = 'X-App-Version';
export const HEADER_CORRELATION_ID = 'X-Correlation-Id';

/** The headers every request carries. */
export function requestHeaders(
  token: string | null,
  language: Language | null,
  correlationId: string,
): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADER_LOCALE]: localeHeader(language),
    [HEADER_APP_VERSION]: APP_VERSION_HEADER_VALUE,
    [HEADER_CORRELATION_ID]: correlationId,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

const SESSIONLESS = [
  'auth/login/local',
  'auth/login/openId',
  'auth/register',
  'auth/register/guest',
  'auth/resend-password',
];

/** A response schema: zod's, or a plain check (contract/plain/plain-schema.ts) where zod would be loaded for it alone. */
export type AnySchema = z.ZodType | PlainSchema<unknown>;
/** The answer a schema gives. */
export type Output<S extends AnySchema> = S extends PlainSchema<infer T> ? T : S extends z.ZodType ? z.infer<S> : never;

/** A response schema loaded on first use (a dynamic import of its contract module); loaded once, retried on failure. */
export class LazySchema<S extends AnySchema> {
  #loading: Promise<S> | undefined;
  constructor(private readonly importer: () => Promise<S>) {}
  load(): Promise<S> {
    this.#loading ??= this.importer().catch((error: unknown) => {
      this.#loading = undefined;
      throw error;
    });
    return this.#loading;
  }
}

/** `lazySchema(() => import('../../../contract/orders').then((m) => m.order))`. */
export function lazySchema<S extends AnySchema>(importer: () => Promise<S>): LazySchema<S> {
  return new LazySchema(importer);
}

/** A schema, loading it first when it is lazy. */
export function loadSchema<S extends AnySchema>(schema: S | LazySchema<S>): Promise<S> {
  return schema instanceof LazySchema ? schema.load() : Promise.resolve(schema);
}

/**
 * The schema for a request about to start. With signal it starts loading at once, beside the fetch. Without signal
 * (`navigator.onLine` false) the request will fail anyway: the schema loads only if an answer comes after all, so an
 * offline start does not spend its first screen's time building schemas (issue 16: the contract chunk costs ~50 ms
 * of main thread on a slow phone). A failed early load is reported when the answer needs it, not before.
 */
export function schemaBeside<S extends AnySchema>(schema: S | LazySchema<S>): () => Promise<S> {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const early = offline ? undefined : loadSchema(schema);
  early?.catch(() => {});
  return () => early ?? loadSchema(schema);
}

export type ApiClient = {
  request<S extends AnySchema>(path: string, schema: S | LazySchema<S>, options?: RequestOptions): Promise<Output<S>>;
  /** A binary answer (an invoice PDF), with the same headers, timeout and errors. */
  blob(path: string, options?: RequestOptions): Promise<Blob>;
  ky: KyInstance;
};

export function createApiClient(ctx: ClientContext): ApiClient {
  const newId = ctx.newCorrelationId ?? (() => crypto.randomUUID());
  const base = ctx.baseUrl.endsWith('/') ? ctx.baseUrl : `${ctx.baseUrl}/`;
  const instance = ky.create({
    prefixUrl: base.startsWith('http')
      ? base
      : new URL(base, globalThis.location?.origin ?? 'http://localhost').toString(),
    timeout: REQUEST_TIMEOUT_MS,
    retry: 0,
    fetch: ctx.fetch,
    throwHttpErrors: true,
  });

  async function request<S extends AnySchema>(
    path: string,
    schema: S | LazySchema<S>,
    options: RequestOptions = {},
  ): Promise<Output<S>> {
    const ready = schemaBeside(schema);
    return send(path, options, async (response) => {
      const text = await response.text();
      const body: unknown = text ? JSON.parse(text) : null;
      const parsed = (await ready()).safeParse(body);
      if (!parsed.success)
        throw new ApiError(response.status, BAD_RESPONSE, 'The server answered in an unexpected format.');
      // (TypeScript cannot follow the conditional answer type through the union of schema kinds.)
      return parsed.data as Output<S>;
    });
  }

  async function send<T>(path: string, options: RequestOptions, read: (response: Response) => Promise<T>): Promise<T> {
    const cleanPath = path.replace(/^\/+/, '');
    const method = options.method ?? 'GET';
    const correlationId = newId();
    const headers = { ...requestHeaders(ctx.getToken(), ctx.getLanguage(), correlationId), ...options.headers };
    const searchParams: Record<string, string> = {};
    for (const [key, value] of Object.entries(options.searchParams ?? {})) {
      if (value !== undefined) searchParams[key] = String(value);
    }
    try {
      const response = await instance(cleanPath, {
        method,
        headers,
        json: options.json,
        body: options.body,
        searchParams: Object.keys(searchParams).length ? searchParams : undefined,
        signal: options.signal,
      });
      return await read(response);
    } catch (cause) {
      const error = await toApiError(cause);
      if (error.errorDescription && error.code !== CANCELLED) apiErrorState.set(error.errorDescription);
      reportError({ error, method, path: cleanPath, correlationId });
      if (error.status === 401 && !SESSIONLESS.includes(cleanPath)) ctx.onUnauthorized?.(cleanPath);
      if (error.status === 403 && error.code === 'temp_pass') ctx.onPasswordExpired?.();
      throw error;
    }
  }

  return { request, blob: (path, options = {}) => send(path, options, (response) => response.blob()), ky: instance };
}

async function toApiError(cause: unknown): Promise<ApiError> {
  if (cause instanceof ApiError) return cause;
  if (cause instanceof HTTPError) {
    const status = cause.response.status;
    let code = `http_${status}`;
    let description: string | undefined;
    let details: unknown;
    try {
      const body = (await cause.response.clone().json()) as Record<string, unknown>;
      if (typeof body.code === 'string') code = body.code;
      if (typeof body.errorDescription === 'string') description = body.errorDescription;
      else if (typeof body.message === 'string') description = body.message;
      details = body.details;
    } catch {
      // Not JSON (a proxy page, say): keep the status code.
    }
    return new ApiError(status, code, description, details);
  }
  if (cause instanceof TimeoutError) return new ApiError(0, TIMEOUT);
  if (cause instanceof DOMException && cause.name === 'AbortError') return new ApiError(0, CANCELLED);
  if (cause instanceof Error && cause.name === 'AbortError') return new ApiError(0, CANCELLED);
  if (cause instanceof SyntaxError) return new ApiError(0, BAD_RESPONSE);
  return new ApiError(0, NETWORK_ERROR);
}
