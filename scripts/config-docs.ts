// docs/configuration.md and .env.example, rendered from server/env.ts's schema: each variable's documentation (its
// `.meta()`), its default and allowed values (read from the schema itself) and the rules across variables.
// `npm run config:docs` writes both files; tests/unit/config-docs.test.ts fails when either is not what this renders.
import { z } from 'zod';
import { CONFIG_AREAS, type EnvDoc, envRules, envVariables } from '../server/env';

export const CONFIG_DOC_FILES = { markdown: 'docs/configuration.md', example: '.env.example' } as const;

type Variable = { name: string; doc: EnvDoc; default: string | undefined; values: string | undefined };
type JsonSchema = {
  type?: string;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
  format?: string;
};

const BOOLEAN = ['true', 'false', '1', '0', 'yes', 'no', 'TRUE', 'FALSE'];

/** The allowed values as the schema states them: an enum, a range, a length, a format. */
function valuesOf(schema: z.ZodType): string | undefined {
  const input = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  if (input.enum) {
    const values = input.enum.map(String);
    if (BOOLEAN.every((b) => values.includes(b))) return '`true` or `false` (also `1`/`0`, `yes`/`no`, `TRUE`/`FALSE`)';
    return values.map((v) => `\`${v}\``).join(', ');
  }
  if (input.type === 'integer' || input.type === 'number') {
    const noun = input.type === 'integer' ? 'integer' : 'number';
    const low =
      input.exclusiveMinimum !== undefined
        ? input.type === 'integer'
          ? { op: '≥', n: input.exclusiveMinimum + 1 }
          : { op: '>', n: input.exclusiveMinimum }
        : input.minimum !== undefined
          ? { op: '≥', n: input.minimum }
          : undefined;
    // zod states int() as the safe-integer range: that is no limit worth printing.
    const max = input.maximum !== undefined && input.maximum < Number.MAX_SAFE_INTEGER ? input.maximum : undefined;
    if (low && max !== undefined && low.op === '≥') return `${noun} ${low.n}–${max}`;
    const parts = [low && `${noun} ${low.op} ${low.n}`, max !== undefined && `${low ? '' : `${noun} `}≤ ${max}`];
    return parts.filter(Boolean).join(', ') || noun;
  }
  const output = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  if (output.format === 'uri') return 'a URL';
  if (output.format === 'email') return 'an email address';
  const { minLength: min, maxLength: max } = output.type === 'string' ? output : input;
  if (min !== undefined && max !== undefined) return `${min}–${max} characters`;
  if (min !== undefined && min > 1) return `at least ${min} characters`;
  if (max !== undefined) return `at most ${max} characters`;
  return undefined;
}

/** The schema's own default (`.default(…)`), as the environment would spell it. */
function defaultOf(schema: z.ZodType): string | undefined {
  return schema instanceof z.ZodDefault ? String(schema.def.defaultValue) : undefined;
}

/** Every variable of the schema, in its order, with what the reference says of it. */
export function configVariables(): Variable[] {
  return Object.entries(envVariables.shape).map(([name, schema]: [string, z.ZodType]) => {
    const doc = schema.meta() as EnvDoc | undefined;
    if (!doc?.area || !doc.description) throw new Error(`server/env.ts: ${name} has no documentation (v(schema, {…}))`);
    return { name, doc, default: defaultOf(schema), values: doc.values ?? valuesOf(schema) };
  });
}

const cell = (text: string | undefined) => (text ? text.replace(/\|/g, '\\|') : '—');
const areas = (vars: Variable[]) =>
  (Object.keys(CONFIG_AREAS) as EnvDoc['area'][])
    .map((area) => ({ area, title: CONFIG_AREAS[area], vars: vars.filter((v) => v.doc.area === area) }))
    .filter((a) => a.vars.length > 0);

export function renderConfigMarkdown(): string {
  const vars = configVariables();
  const out = [
    '# Configuration reference',
    '',
    '<!-- Generated from server/env.ts by `npm run config:docs`: edit the schema there, not this file (npm test checks it is current). -->',
    '',
    'The server reads its environment once at start (`server/env.ts`: one zod schema, the `Env` type derived from it) and',
    'passes the result around; nothing reads `process.env` per request. Empty variables count as unset. Bad values stop',
    'the start with one line per problem (`VARIABLE: what is wrong`) and exit code 1. [`.env.example`](../.env.example)',
    'lists every variable with its default.',
    '',
    '- **Demo** (`npm start`): nothing to set. DEMO_MODE is on unless NODE_ENV=production.',
    '- **Production**: `NODE_ENV=production` (DEMO_MODE is then off) with `SMTP_HOST` (or `MAIL_TRANSPORT=log`), an https',
    '  `PUBLIC_URL`, `HOST_APP_ORIGINS`, `DATABASE_URL`, `TRUSTED_PROXIES` behind a proxy, `OTP_KEY`; the server then',
    '  serves no /dev route and no console without `FORECOURT_CONSOLE_TOKEN`. [SECURITY.md](../SECURITY.md) has the threat',
    '  model.',
    '',
    `${vars.length} variables. Columns: the default ("—": unset), the allowed values, when a set-up needs the variable set.`,
  ];
  for (const { title, vars: rows } of areas(vars)) {
    out.push(
      '',
      `## ${title}`,
      '',
      '| Variable | Default | Values | Required when | Description |',
      '|---|---|---|---|---|',
    );
    for (const v of rows) {
      const fallback = v.doc.default ?? (v.default === undefined ? undefined : `\`${v.default}\``);
      out.push(
        `| \`${v.name}\` | ${cell(fallback)} | ${cell(v.values)} | ${cell(v.doc.requiredWhen)} | ${cell(v.doc.description)} |`,
      );
    }
  }
  out.push(
    '',
    '## Rules across variables',
    '',
    "Besides each variable's own values, the server refuses to start when:",
    '',
  );
  for (const rule of envRules) out.push(`- \`${rule.variable}\`: ${rule.doc}`);
  out.push(
    '',
    'Build-time settings of the web app (`VITE_*`, read by `npm run build`) are in the README, Configuration.',
    '',
  );
  return out.join('\n');
}

/** dotenv spelling: quoted when the value has spaces or characters a shell or dotenv would read otherwise. */
const dotenvValue = (value: string) => (/^[\w@%+=:,./-]*$/.test(value) ? value : JSON.stringify(value));
/** Markdown's backticks and links read as plain text in a comment. */
const plain = (text: string) => text.replace(/`/g, '').replace(/\[([^\]]+)\]\([^)]+\)/g, '$1');

export function renderEnvExample(): string {
  const vars = configVariables();
  const out = [
    '# Forecourt Pay server configuration: every variable, commented out, with its default.',
    '# Generated from server/env.ts by `npm run config:docs` (do not edit); docs/configuration.md says more.',
    '# Empty or unset means the default. Uncomment and set what your set-up needs.',
  ];
  for (const { title, vars: rows } of areas(vars)) {
    out.push('', `# ---- ${title} ----`);
    for (const v of rows) {
      out.push('', `# ${plain(v.doc.description)}`);
      const facts = [
        v.values && `Values: ${plain(v.values)}.`,
        v.doc.default && `Default: ${plain(v.doc.default)}.`,
        v.doc.requiredWhen && `Required when: ${plain(v.doc.requiredWhen)}.`,
      ].filter(Boolean);
      if (facts.length) out.push(`# ${facts.join(' ')}`);
      out.push(`# ${v.name}=${v.default === undefined ? '' : dotenvValue(v.default)}`);
    }
  }
  out.push('');
  return out.join('\n');
}
