// The callback rule shared by app and server (contract/host-apps.ts): only the SDK literal "true" or an https URL
// on an allowed host app's origin (http only for loopback in DEMO_MODE) receives control back and the payment data.
import { describe, expect, it } from 'vitest';
import { isAllowedCallback, normalizeOrigin } from '../../contract/host-apps';
import { passwordWeakness } from '../../contract/password';

const policy = { origins: ['https://allowed.example', 'https://partner.example:8443'], demoMode: false };
const demo = { origins: ['http://localhost:8080', 'https://allowed.example'], demoMode: true };

describe('isAllowedCallback', () => {
  it('accepts the literal "true" (the SDK finish address)', () => {
    expect(isAllowedCallback('true', policy)).toBe(true);
    expect(isAllowedCallback('true', { origins: [], demoMode: false })).toBe(true);
  });

  it.each([
    'https://allowed.example',
    'https://allowed.example/',
    'https://allowed.example/done?x=1#frag',
    'https://ALLOWED.example/done',
    'HTTPS://allowed.example/done',
    'https://allowed.example:443/done',
    'https://partner.example:8443/return',
  ])('accepts %s', (url) => {
    expect(isAllowedCallback(url, policy)).toBe(true);
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: with a comment', 'javascript://allowed.example/%0aalert(1)'],
    ['JavaScript mixed case', 'JaVaScRiPt:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['intent:', 'intent://allowed.example#Intent;scheme=https;end'],
    ['file:', 'file:///etc/passwd'],
    ['blob:', 'blob:https://allowed.example/0b6a1c52-9d0d-4a41-a1e3-2c3d3b2f8c3e'],
    ['ftp:', 'ftp://allowed.example/x'],
    ['ws:', 'wss://allowed.example/x'],
    ['another host', 'https://evil.example/phish'],
    ['http for an allowed host outside DEMO_MODE', 'http://allowed.example/done'],
    ['a look-alike suffix', 'https://allowed.example.evil.example/'],
    ['a look-alike prefix', 'https://evilallowed.example/'],
    ['a look-alike with a dash', 'https://allowed-example.com/'],
    ['a subdomain', 'https://www.allowed.example/'],
    ['userinfo trick', 'https://allowed.example@evil.example/'],
    ['userinfo with a password', 'https://allowed.example:pw@evil.example/'],
    ['userinfo on the allowed host', 'https://user@allowed.example/'],
    ['another port', 'https://allowed.example:8443/'],
    ['the allowed port on another host', 'https://evil.example:8443/'],
    ['a missing port', 'https://partner.example/'],
    ['a trailing dot', 'https://allowed.example./'],
    ['an IDN look-alike (Cyrillic a)', 'https://аllowed.example/'],
    ['punycode of a look-alike', 'https://xn--llowed-3ve.example/'],
    ['a protocol-relative URL', '//allowed.example/'],
    ['a relative path', '/pay/finish'],
    ['a tab inside the scheme', 'java\tscript:alert(1)'],
    ['a newline', 'https://allowed.example/\nx'],
    ['a leading space', ' https://allowed.example/'],
    ['a backslash host trick', 'https://allowed.example\\@evil.example/'],
    ['backslashes as slashes', 'https:\\\\evil.example'],
    ['a NUL', 'https://allowed.example/\u0000'],
    ['the empty string', ''],
    ['"false"', 'false'],
    ['an IP address', 'https://203.0.113.7/'],
    ['an over-long URL', `https://allowed.example/${'a'.repeat(3000)}`],
  ])('refuses %s', (_name, url) => {
    expect(isAllowedCallback(url, policy)).toBe(false);
  });

  it('in DEMO_MODE allows http only for a loopback host on the list', () => {
    expect(isAllowedCallback('http://localhost:8080/demo-host/done', demo)).toBe(true);
    expect(isAllowedCallback('http://LOCALHOST:8080/done', demo)).toBe(true);
    expect(isAllowedCallback('http://localhost:9999/done', demo)).toBe(false);
    expect(isAllowedCallback('http://allowed.example/done', demo)).toBe(false);
    expect(isAllowedCallback('http://localhost.evil.example:8080/', demo)).toBe(false);
    expect(isAllowedCallback('http://localhost:8080/done', { ...demo, demoMode: false })).toBe(false);
    const loopbacks = { origins: ['http://127.0.0.1:8080', 'http://[::1]:8080'], demoMode: true };
    expect(isAllowedCallback('http://127.0.0.1:8080/x', loopbacks)).toBe(true);
    expect(isAllowedCallback('http://[::1]:8080/x', loopbacks)).toBe(true);
    expect(isAllowedCallback('http://127.0.0.2:8080/x', loopbacks)).toBe(false);
  });

  it('compares IDN and case as the browser does', () => {
    const idn = { origins: ['https://BÜCHER.example'], demoMode: false };
    expect(isAllowedCallback('https://bücher.example/ok', idn)).toBe(true);
    expect(isAllowedCallback('https://xn--bcher-kva.example/ok', idn)).toBe(true);
    expect(isAllowedCallback('https://bucher.example/ok', idn)).toBe(false);
  });

  it('ignores allowlist entries that are not origins', () => {
    const odd = { origins: ['not a url', 'javascript:alert(1)', ''], demoMode: true };
    expect(isAllowedCallback('javascript:alert(1)', odd)).toBe(false);
    expect(isAllowedCallback('https://evil.example/', { origins: [], demoMode: false })).toBe(false);
  });
});

describe('normalizeOrigin', () => {
  it('spells an origin as browsers do, or null', () => {
    expect(normalizeOrigin('https://Allowed.Example:443/')).toBe('https://allowed.example');
    expect(normalizeOrigin('http://localhost:8080')).toBe('http://localhost:8080');
    expect(normalizeOrigin('ftp://x.example')).toBeNull();
    expect(normalizeOrigin('nope')).toBeNull();
  });
});

describe('passwordWeakness (the rules the app can check without the list; issue 32.7)', () => {
  it.each([
    ['8 spaces', ' '.repeat(8), 'only_whitespace'],
    ['no-break spaces', '\u00a0'.repeat(8), 'only_whitespace'],
    ['8 NUL characters', '\u0000'.repeat(8), 'control_characters'],
    ['a tab inside', 'pass\tword-1', 'control_characters'],
    ['a newline inside', 'pass\nword-1', 'control_characters'],
    ['DEL', 'password\u007f', 'control_characters'],
    ['2 different characters', 'abababab', 'few_distinct'],
    ['one character 8 times', 'xxxxxxxx', 'few_distinct'],
    ['letters in order', 'abcdefgh', 'pattern'],
    ['letters in order, capitals', 'ABCDEFGHIJ', 'pattern'],
    ['digits down', '87654321', 'pattern'],
    ['a keyboard row', 'qwertzui', 'pattern'],
    ['a keyboard row backwards', 'lkjhgfdsa', 'pattern'],
    ['a block said twice', '12341234', 'pattern'],
    ['a word twice', 'MonaMona', 'pattern'],
    ['a block and a part of it', 'abcdabcdab', 'pattern'],
    ['a strong one', 'correct-horse-9', undefined],
    ['spaces inside', 'correct horse battery', undefined],
    ['a sequence inside a longer one', 'abcdefgh-Tanne-7', undefined],
    ['exactly 4 different characters, no pattern', 'aabbccdd', undefined],
  ])('%s → %s', (_name, password, reason) => {
    expect(passwordWeakness(password)).toBe(reason);
  });
});
