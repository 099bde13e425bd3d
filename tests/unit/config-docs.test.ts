// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
// Issue 34, "one config reference": docs/configuration.md and .env.example are generated from server/env.ts's schema
// and must be current (`npm run config:docs` regenerates them).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONFIG_DOC_FILES, configVariables, renderConfigMarkdown, renderEnvExample } from '../../scripts/config-docs';
import { CONFIG_AREAS, envVariables, loadEnv } from '../../server/env';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const STALE = 'not current: run `npm run config:docs` and commit the result';

describe('the configuration reference', () => {
  it('docs/configuration.md is what the schema renders', () => {
    expect(read(CONFIG_DOC_FILES.markdown), STALE).toBe(renderConfigMarkdown());
  });

  it('.env.example is what the schema renders', () => {
    expect(read(CONFIG_DOC_FILES.example), STALE).toBe(renderEnvExample());
  });

  it('documents every variable of the schema, each in a known area, once', () => {
    const vars = configVariables();
    expect(vars.map((v) => v.name)).toEqual(Object.keys(envVariables.shape));
    for (const v of vars) expect(Object.keys(CONFIG_AREAS), v.name).toContain(v.doc.area);
    const markdown = read(CONFIG_DOC_FILES.markdown);
    for (const v of vars) expect(markdown.split(`| \`${v.name}\` |`).length - 1, v.name).toBe(1);
  });

  it(".env.example's values, uncommented, are the defaults: the same configuration as an empty environment", () => {
    const assignments = read(CONFIG_DOC_FILES.example)
      .split('\n')
      .map((line) => /^# ([A-Z][A-Z0-9_]*)=(.*)$/.exec(line))
      .filter((m) => m !== null);
    expect(assignments.map((m) => m[1])).toEqual(Object.keys(envVariables.shape));
    const source = Object.fromEntries(
      assignments.map(([, name, value = '']) => [name, value.startsWith('"') ? (JSON.parse(value) as string) : value]),
    );
    expect(Object.values(source).filter(Boolean).length).toBeGreaterThan(40);
    expect(loadEnv(source)).toEqual(loadEnv({}));
  });
});
