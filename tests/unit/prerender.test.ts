// @vitest-environment node -- pure rules: no DOM needed
// The prerendered first screen (server/http/prerender.ts, issue 16): which language a browser gets, and how the page
// is written.
import { describe, expect, it } from 'vitest';
import { LOADER } from '../../scripts/prerender';
import { preferredLanguage } from '../../server/accept-language';
import { withPrerender } from '../../server/http/prerender';
import { LANGUAGES } from '../../src/i18n/language';

const ALL = [...LANGUAGES];

describe('preferredLanguage', () => {
  it("takes the first language the page has, by q then order, the region ignored (as the app reads the browser's)", () => {
    expect(preferredLanguage('de-DE,de;q=0.9,en;q=0.8', ALL)).toBe('de');
    expect(preferredLanguage('ja,pl;q=0.5,fr;q=0.7', ALL)).toBe('fr');
    expect(preferredLanguage('pt-BR', ALL)).toBe('pt');
    expect(preferredLanguage('en-GB;q=0.5, da', ALL)).toBe('da');
    expect(preferredLanguage('NL_be', ALL)).toBe('nl');
    expect(preferredLanguage('it;q=0.2,es;q=0.2', ALL)).toBe('it');
  });
  it('skips q=0 and languages the page lacks; else en; else none', () => {
    expect(preferredLanguage('de;q=0,fr;q=0.1', ALL)).toBe('fr');
    expect(preferredLanguage('ja,zh', ALL)).toBe('en');
    expect(preferredLanguage(undefined, ALL)).toBe('en');
    expect(preferredLanguage('*', ALL)).toBe('en');
    expect(preferredLanguage('', ['de'])).toBeNull();
    expect(preferredLanguage('fr', ['de', 'fr'])).toBe('fr');
  });
});

const page = [
  '<!doctype html>',
  '<html lang="en" data-route-preloaded data-theme="light">',
  '  <head>',
  '    <script>var inline = 1;</script>',
  '    <script type="module" crossorigin src="/assets/index-1.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/framework-2.js">',
  '    <link rel="stylesheet" crossorigin href="/assets/index-3.css">',
  '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/landing-4.js"></head>',
  '  <body>',
  '    <div id="root"></div>',
  '    <script>var loader = 1;</script>',
  '  </body>',
  '</html>',
].join('\n');

describe('withPrerender', () => {
  it("puts the markup in #root, marks the page's language and moves the app's code into the template", () => {
    const out = withPrerender(page, 'de', '<main><h1>Hallo</h1></main>');
    expect(out).toContain('<html data-prerendered="de" lang="de" data-route-preloaded data-theme="light">');
    expect(out).toContain(
      '<div id="root"><main><h1>Hallo</h1></main></div><template id="app-code"><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/framework-2.js"><link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/landing-4.js"></template>',
    );
    // Nothing of the app's code is left where the preload scanner would find it; the stylesheet and the inline
    // scripts (hashed by the CSP) stay as they were.
    const head = out.slice(0, out.indexOf('<body>'));
    expect(head).not.toMatch(/modulepreload|type="module"/);
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-3.css">');
    expect(head).toContain('<script>var inline = 1;</script>');
    expect(out).toContain('<script>var loader = 1;</script>');
  });
  it('leaves a page without an empty #root as it is', () => {
    const filled = page.replace('<div id="root"></div>', '<div id="root"><p>x</p></div>');
    expect(withPrerender(filled, 'de', '<h1>Hallo</h1>')).toBe(filled);
  });
});

describe('the loader', () => {
  it("knows the app's languages and storage key, and starts the code on the first contentful paint", () => {
    expect(LOADER).toContain(JSON.stringify(ALL));
    expect(LOADER).toContain('getItem("language")');
    // A stored session: the markup (a new visitor's page) goes.
    expect(LOADER).toContain('getItem("auth")!==null');
    expect(LOADER).toContain("getEntriesByName('first-contentful-paint')");
    // A classic script that parses (the build writes it inline).
    expect(() => new Function(LOADER)).not.toThrow();
  });
});
