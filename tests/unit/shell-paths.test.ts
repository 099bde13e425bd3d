// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
// The shell catalog covers the public pages: the list of paths that render with it alone (src/i18n/shell-paths.ts)
// is exactly the root and the pages in src/routes/(public), so a new public page cannot show untranslated ids.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isShellPath, SHELL_PATHS } from '../../src/i18n/shell-paths';

const root = join(process.cwd(), 'src/routes/(public)');

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('-')) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? routeFiles(path) : entry.name.endsWith('.tsx') ? [path] : [];
  });
}

describe('the pages that render with the shell catalog alone', () => {
  it('are the root and every public page', () => {
    const publicPaths = routeFiles(root).map(
      (file) =>
        `/${relative(root, file)
          .replace(/\.tsx$/, '')
          .replace(/(^|\/)index$/, '')}`,
    );
    expect([...SHELL_PATHS].sort()).toEqual(['/', ...publicPaths].sort());
  });
  it('a trailing slash is the same page; feature pages are not shell pages', () => {
    expect(isShellPath('/login/')).toBe(true);
    expect(isShellPath('/')).toBe(true);
    expect(isShellPath('/map')).toBe(false);
    expect(isShellPath('/pay/prepay/summary')).toBe(false);
    expect(isShellPath('/loginx')).toBe(false);
  });
  it('the shell catalog is extracted from the files those pages are built of', () => {
    const config = readFileSync(join(process.cwd(), 'scripts/catalog-areas.ts'), 'utf8');
    for (const path of ['src/app', 'src/ui', 'src/routes/(public)', 'src/routes/__root.tsx', 'src/routes/index.tsx']) {
      expect(config).toContain(`'${path}'`);
    }
  });
});
