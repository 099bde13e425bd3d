// @vitest-environment node -- pure rules: no DOM needed, and jsdom costs each file about a second to set up
// The sign-in pages' query (shell-and-account.md §2.2) and /amazonSSORedirect's: `redirect` is a path of this app only
// (never an open redirect after signing in), the Amazon error is one of the known reasons, a referral code is kept.
import { describe, expect, it } from 'vitest';
import { amazonReturnSearch, registerSearch, signInSearch } from '../../src/features/session/model/search';

describe('sign-in search', () => {
  it.each([
    ['/profile', '/profile'],
    ['/pay?pid=fc2760000000000000010000', '/pay?pid=fc2760000000000000010000'],
    ['//evil.example/x', undefined],
    ['/\\evil.example', undefined],
    ['https://evil.example/', undefined],
    ['profile', undefined],
  ])('redirect %s is kept as %s', (redirect, kept) => {
    expect(signInSearch.parse({ redirect }).redirect).toBe(kept);
    expect(amazonReturnSearch.parse({ redirect, buyerToken: 't' })).toEqual({
      buyerToken: 't',
      ...(kept ? { redirect: kept } : {}),
    });
  });

  it('amazonError is one of the reasons, anything else is dropped', () => {
    expect(signInSearch.parse({ amazonError: 'used' }).amazonError).toBe('used');
    expect(signInSearch.parse({ amazonError: '<b>' }).amazonError).toBeUndefined();
  });

  it('a referral code from the share link is kept, uppercased and trimmed', () => {
    expect(registerSearch.parse({ referralCode: ' abcd2345 ' }).referralCode).toBe('ABCD2345');
  });
});
