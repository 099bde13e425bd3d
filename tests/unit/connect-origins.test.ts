// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
// Issue 15: a remote map style chosen at build time is allowed by the app's CSP without a second setting.
import { describe, expect, it } from 'vitest';
import { CONNECT_ORIGINS_META, declaredConnectOrigins, remoteOrigins } from '../../server/http/connect-origins';

describe('build-time connect origins', () => {
  it('takes the origin of each absolute http(s) URL, once', () => {
    expect(
      remoteOrigins([
        'https://tiles.example.com/styles/streets/style.json',
        'https://tiles.example.com/other.json',
        'http://api.example:8443/api',
      ]),
    ).toEqual(['https://tiles.example.com', 'http://api.example:8443']);
  });

  it('skips relative paths, empty values and other schemes (the default /api is the own origin)', () => {
    expect(
      remoteOrigins(['/api', '/basemap/style.json', undefined, '', 'javascript:alert(1)', 'data:x', 'ftp://x.example']),
    ).toEqual([]);
  });

  it('reads the meta tag the build writes into index.html', () => {
    const html = `<head><meta name="${CONNECT_ORIGINS_META}" content="https://tiles.example.com https://api.example"><title>x</title>`;
    expect(declaredConnectOrigins(html)).toEqual(['https://tiles.example.com', 'https://api.example']);
  });

  it('lets through only bare origins: a path, a quote or a directive in the tag is dropped', () => {
    const html = `<meta name="${CONNECT_ORIGINS_META}" content="https://ok.example https://x.example/path 'unsafe-inline' *; script-src">`;
    expect(declaredConnectOrigins(html)).toEqual(['https://ok.example']);
  });

  it('a page without the tag declares nothing', () => {
    expect(declaredConnectOrigins('<!doctype html><title>x</title>')).toEqual([]);
  });
});
