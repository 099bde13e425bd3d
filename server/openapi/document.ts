// The OpenAPI 3.1 document, generated from the registry (registry.ts) with zod's own z.toJSONSchema: request schemas
// as zod reads them (io: input), answers as the server writes them (io: output). Named contract schemas become
// components; every endpoint answers the one error shape (contract/errors.ts) for its error statuses and `default`.
import { z } from 'zod';
import * as auth from '../../contract/auth';
import * as benefits from '../../contract/benefits';
import * as dev from '../../contract/dev';
import { apiErrorBody } from '../../contract/errors';
import * as history from '../../contract/history';
import * as hostApps from '../../contract/host-apps';
import * as loyalty from '../../contract/loyalty';
import * as orders from '../../contract/orders';
import { IDEMPOTENCY_HEADER, PARTNER_HEADER } from '../../contract/orders';
import * as methods from '../../contract/payment-methods';
import * as responses from '../../contract/responses';
import * as stations from '../../contract/stations';
import * as tutorials from '../../contract/tutorials';
import * as users from '../../contract/users';
import * as vehicles from '../../contract/vehicles';
import * as vouchers from '../../contract/vouchers';
import * as wallets from '../../contract/wallets';
import * as local from './local-schemas';
import { type Answer, ENDPOINTS, type Endpoint, type Raw, TAGS } from './registry';

type Json = Record<string, unknown>;
type Io = 'input' | 'output';

/** What this server serves (the registry's `only` entries are mounted by configuration, app.ts). */
export type Served = { demoMode: boolean; devMailbox: boolean; testKnobs: boolean; demoOidc: boolean };

const SERVED_WHEN: Record<NonNullable<Endpoint['only']>, (s: Served) => boolean> = {
  demo: (s) => s.demoMode,
  'demo-mailbox': (s) => s.demoMode && s.devMailbox,
  'demo-oidc': (s) => s.demoMode && s.demoOidc,
  'test-knobs': (s) => s.testKnobs,
};

export function servedEndpoints(served: Served): Endpoint[] {
  return ENDPOINTS.filter((e) => e.only === undefined || SERVED_WHEN[e.only](served));
}

/** The contract's exported schemas by object: an answer or body that is one of them is a named component. */
const NAMES = (() => {
  const names = new Map<z.ZodType, string>();
  const modules = [auth, benefits, dev, history, hostApps, loyalty, orders, methods, responses, stations];
  for (const mod of [...modules, tutorials, users, vehicles, vouchers, wallets, local]) {
    for (const [name, value] of Object.entries(mod)) {
      if (value instanceof z.ZodType && !names.has(value)) names.set(value, name[0]?.toUpperCase() + name.slice(1));
    }
  }
  return names;
})();

export function jsonSchema(schema: z.ZodType, io: Io): Json {
  const out = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as Json;
  delete out.$schema;
  if (out.$defs) throw new Error('A recursive schema needs components of its own (z.toJSONSchema wrote $defs)');
  return out;
}

const isRaw = (a: Answer | Endpoint['body']): a is Raw => a !== undefined && 'contentType' in a;

const ERROR_TEXT: Record<number, string> = {
  400: 'Malformed input (bad_request) or a schema failure (validation_error, details [{path, message}])',
  401: 'No valid session or token (invalid_session, unauthorized)',
  403: 'Not allowed (forbidden; temp_pass for a temporary-password session)',
  404: 'No such resource (not_found)',
  409: 'Conflicts with the current state (conflict, and the codes of contract/errors.ts)',
  413: 'The body is too large (payload_too_large, image_quota_exceeded)',
  415: 'Unsupported media type (unsupported_media_type)',
  422: 'Understood but refused by a business rule (unprocessable, and the codes of contract/errors.ts)',
  429: 'Too many requests from this address (too_many_requests; Retry-After)',
  502: 'An upstream provider failed',
  503: 'Not ready or stopping (not_ready); mail is failing (mail_unavailable, Retry-After)',
};

/** Statuses every endpoint of a kind answers, besides those it names. */
function errorStatuses(e: Endpoint): number[] {
  const statuses = new Set<number>(e.errors ?? []);
  if (e.body || e.query || e.headers?.includes('idempotency')) statuses.add(400);
  if (e.body && e.method !== 'get') statuses.add(413);
  if (e.security !== 'none') statuses.add(401);
  if (e.security === 'session' || e.security === 'sessionTempPass' || e.security === 'console') statuses.add(403);
  if (e.path.includes('{')) statuses.add(404);
  if (e.limited) statuses.add(429);
  return [...statuses].sort((a, b) => a - b);
}

const SECURITY: Record<Endpoint['security'], Json[]> = {
  session: [{ session: [] }],
  sessionTempPass: [{ session: [] }],
  // Without FORECOURT_CONSOLE_TOKEN, DEMO_MODE lets loopback clients in without one ({}).
  console: [{ consoleToken: [] }, { consoleCookie: [] }, {}],
  // Without METRICS_TOKEN, loopback clients only ({}).
  metrics: [{ metricsToken: [] }, {}],
  none: [],
};

const HEADERS: Record<NonNullable<Endpoint['headers']>[number], Json> = {
  idempotency: {
    name: IDEMPOTENCY_HEADER,
    in: 'header',
    required: false,
    description:
      'Optional. With a key, the first answer is stored and a repeat with the same key (and the same request) replays it byte for byte (Idempotent-Replayed: true); the same key with another request is 409. Without one the request runs plainly.',
    schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,255}$' },
  },
  partner: {
    name: PARTNER_HEADER,
    in: 'header',
    required: false,
    description: 'The partner app that started the transaction (at most 100 characters kept).',
    schema: { type: 'string' },
  },
  locale: {
    name: 'X-Locale',
    in: 'header',
    required: false,
    description: "The driver's language (de, en, nl, fr, it, es, pt, da, pl).",
    schema: { type: 'string' },
  },
};

const operationId = (e: Endpoint) =>
  e.method +
  e.path
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');

export function buildOpenApiDocument(opts: { publicOrigin: string; served: Served; version: string }): Json {
  const schemas: Json = { ApiError: jsonSchema(apiErrorBody, 'output') };
  const componentOf = new Map<string, string>();
  /** A $ref to the schema's component (named after its contract export), or the schema inline. */
  const schemaRef = (schema: z.ZodType, io: Io): Json => {
    const name = NAMES.get(schema);
    if (!name) return jsonSchema(schema, io);
    const key = `${io}:${name}`;
    let component = componentOf.get(key);
    if (!component) {
      component = io === 'output' || !componentOf.has(`output:${name}`) ? name : `${name}Input`;
      if (Object.hasOwn(schemas, component)) component = `${component}${io === 'input' ? 'Input' : 'Output'}`;
      componentOf.set(key, component);
      schemas[component] = jsonSchema(schema, io);
    }
    return { $ref: `#/components/schemas/${component}` };
  };

  const errorResponses: Json = {};
  const errorRef = (status: number): Json => {
    const name = `Error${status}`;
    errorResponses[name] ??= {
      description: ERROR_TEXT[status] ?? 'An error',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
    };
    return { $ref: `#/components/responses/${name}` };
  };

  const paths: Record<string, Json> = {};
  for (const e of servedEndpoints(opts.served)) {
    const parameters: Json[] = [];
    for (const name of [...e.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string)) {
      const schema = e.params?.[name];
      parameters.push({
        name,
        in: 'path',
        required: true,
        schema: schema ? jsonSchema(schema, 'input') : { type: 'string' },
      });
    }
    if (e.query) {
      const q = jsonSchema(e.query, 'input');
      const required = new Set((q.required as string[] | undefined) ?? []);
      for (const [name, schema] of Object.entries((q.properties as Record<string, Json> | undefined) ?? {})) {
        const { description, ...rest } = schema;
        parameters.push({
          name,
          in: 'query',
          required: required.has(name),
          ...(description ? { description } : {}),
          schema: rest,
        });
      }
    }
    for (const header of e.headers ?? []) parameters.push(HEADERS[header]);

    let requestBody: Json | undefined;
    if (isRaw(e.body)) {
      requestBody = {
        required: e.body.required,
        description: e.body.description,
        content: { [e.body.contentType]: { schema: e.body.schema ?? {} } },
      };
    } else if (e.body) {
      requestBody = {
        required: e.body.required ?? true,
        content: {
          'application/json': {
            schema: schemaRef(e.body.schema, 'input'),
            ...(e.body.example !== undefined ? { example: e.body.example } : {}),
          },
        },
      };
    }

    const answers: Json = {};
    const pages = Object.values(e.responses).some((a) => isRaw(a) && a.contentType === 'text/html');
    for (const [status, answer] of Object.entries(e.responses)) {
      if (isRaw(answer)) {
        answers[status] = {
          description: answer.description,
          ...(answer.contentType ? { content: { [answer.contentType]: { schema: answer.schema ?? {} } } } : {}),
        };
      } else {
        answers[status] = {
          description: answer.description,
          content: {
            'application/json': {
              schema: schemaRef(answer.schema, 'output'),
              ...(answer.example !== undefined ? { example: answer.example } : {}),
            },
          },
        };
      }
    }
    if (pages) {
      // Server-made pages answer their errors as pages too.
      answers.default = { description: 'An error page', content: { 'text/html': { schema: { type: 'string' } } } };
    } else {
      for (const status of errorStatuses(e)) answers[status] ??= errorRef(status);
      answers.default = { $ref: '#/components/responses/Error' };
    }

    const description = [
      e.description,
      e.aliases?.length ? `Also served at ${e.aliases.map((a) => `\`${a}\``).join(', ')}.` : undefined,
      e.only ? `Only on ${e.only === 'test-knobs' ? 'servers with TEST_KNOBS' : 'DEMO_MODE servers'}.` : undefined,
    ]
      .filter(Boolean)
      .join(' ');
    paths[e.path] ??= {};
    (paths[e.path] as Json)[e.method] = {
      operationId: operationId(e),
      summary: e.summary,
      ...(description ? { description } : {}),
      tags: [e.tag],
      security: SECURITY[e.security],
      ...(parameters.length ? { parameters } : {}),
      ...(requestBody ? { requestBody } : {}),
      responses: answers,
    };
  }
  errorResponses.Error = {
    description: 'Any other error, as the one JSON error shape {code, message, details?}',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
  };

  const tags = [...new Set(ENDPOINTS.map((e) => e.tag))].map((name) => ({ name, description: TAGS[name] ?? name }));
  return {
    openapi: '3.1.0',
    info: {
      title: 'Forecourt Pay API',
      version: opts.version,
      description:
        'The reference API of Forecourt Pay: stations, orders and their payment, payment methods, the logbook, vouchers and loyalty, the forecourt console and operations. Generated from the zod contracts the server validates with (contract/). Errors are one JSON shape, {code, message, details?}.',
    },
    servers: [{ url: opts.publicOrigin }],
    tags,
    paths,
    components: {
      schemas,
      responses: errorResponses,
      securitySchemes: {
        session: {
          type: 'http',
          scheme: 'bearer',
          description:
            "The driver's session token (auth_token of register, login, guest): Authorization: Bearer <token>.",
        },
        consoleToken: {
          type: 'http',
          scheme: 'bearer',
          description: 'FORECOURT_CONSOLE_TOKEN as a Bearer token.',
        },
        consoleCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: 'forecourt_operator',
          description: "The console's sign-in cookie (POST /forecourt/login).",
        },
        metricsToken: { type: 'http', scheme: 'bearer', description: 'METRICS_TOKEN as a Bearer token.' },
      },
    },
  };
}
