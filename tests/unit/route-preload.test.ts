// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
// The route table index.html preloads a first URL's page code from (scripts/route-preload.ts, issue 16).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isStylesheetsOnly, layoutsOf, REDIRECTS, routePattern } from '../../scripts/route-preload';

const matches = (file: string, path: string) => new RegExp(routePattern(file) ?? '$^').test(path);

describe('routePattern', () => {
  it('maps route files to the paths they serve', () => {
    expect(routePattern('pay/pump')).toBe('^/pay/pump$');
    expect(routePattern('pay/postpay/wash/index')).toBe('^/pay/postpay/wash$');
    expect(routePattern('(public)/landing')).toBe('^/landing$');
    expect(routePattern('(public)/register/index')).toBe('^/register$');
    expect(routePattern('index')).toBe('^/$');
  });
  it('reads $param as one segment and $ as the rest', () => {
    expect(matches('profile/wash/$id', '/profile/wash/abc123')).toBe(true);
    expect(matches('profile/wash/$id', '/profile/wash/abc/def')).toBe(false);
    expect(matches('profile/wash/$id', '/profile/wash/')).toBe(false);
    expect(matches('docs/$', '/docs/a/b/c')).toBe(true);
  });
  it('matches whole paths only, with dots taken literally', () => {
    expect(matches('pay/pump', '/pay/pump/x')).toBe(false);
    expect(matches('pay/pump', '/xpay/pump')).toBe(false);
    expect(matches('legal/terms.v2', '/legal/termsXv2')).toBe(false);
  });
  it('gives layouts and the root no pattern of their own', () => {
    expect(routePattern('pay/route')).toBeNull();
    expect(routePattern('__root')).toBeNull();
  });
});

describe('layoutsOf', () => {
  it('names every route.tsx above a file, outermost first, group folders included', () => {
    const files = new Set([
      'pay/route',
      'pay/prepay/route',
      'pay/prepay/summary',
      '(public)/route',
      '(public)/landing',
    ]);
    expect(layoutsOf('pay/prepay/summary', files)).toEqual(['pay/route', 'pay/prepay/route']);
    expect(layoutsOf('(public)/landing', files)).toEqual(['(public)/route']);
    expect(layoutsOf('pay/route', files)).toEqual([]);
  });
});

describe('REDIRECTS', () => {
  it('names routes that really redirect there', () => {
    // If pay/index.tsx stops redirecting to /pay/pump, the table would preload the wrong page.
    expect(Object.keys(REDIRECTS)).toEqual(['^/pay$', '^/$']);
    expect(readFileSync('src/routes/pay/index.tsx', 'utf8')).toMatch(/redirect\(\{ to: '\/pay\/pump'/);
    expect(REDIRECTS['^/pay$']).toBe('pay/pump');
    // "/ … else to /map" (HOME_PATH) for a driver who has a session.
    expect(readFileSync('src/routes/index.tsx', 'utf8')).toMatch(/redirect\(\{ to: HOME_PATH/);
    expect(readFileSync('src/app/home.ts', 'utf8')).toMatch(/HOME_PATH = '\/map'/);
    expect(REDIRECTS['^/$']).toBe('map/index');
  });
});

describe('isStylesheetsOnly', () => {
  const chunk = (ids: string[]) =>
    ({ modules: Object.fromEntries(ids.map((id) => [id, {}])) }) as unknown as Parameters<typeof isStylesheetsOnly>[0];
  it('is a chunk of CSS modules alone (the bundler drops its empty script)', () => {
    expect(isStylesheetsOnly(chunk(['/src/routes/pay/-components/pay.css']))).toBe(true);
    expect(isStylesheetsOnly(chunk(['/a.css', '/b.css?inline']))).toBe(true);
  });
  it('is not a chunk with any script, nor an empty one', () => {
    expect(isStylesheetsOnly(chunk(['/a.css', '/src/routes/pay/pump.tsx']))).toBe(false);
    expect(isStylesheetsOnly(chunk(['/src/css-tools.ts']))).toBe(false);
    expect(isStylesheetsOnly(chunk([]))).toBe(false);
  });
});
