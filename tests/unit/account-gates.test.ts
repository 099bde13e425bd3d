import { describe, expect, it } from 'vitest';
import { allAccountFeatures } from '../../server/services/accounts/default-features';
import { featureGates, offersGiftCards } from '../../src/routes/-account-page';

describe('gift-card entry (shell-and-account.md §6: the giftCardShop flag switches gift cards)', () => {
  const on = allAccountFeatures();
  const off = { ...on, giftCardShop: false };

  it('follows the account flag for a registered driver', () => {
    expect(featureGates.giftCards(on)).toBe(true);
    expect(featureGates.giftCards(off)).toBe(false);
    expect(offersGiftCards(false, on)).toBe(true);
    expect(offersGiftCards(false, off)).toBe(false);
  });

  it('is offered while the features are unknown (the page checks again) and to guests (the page sends them to /login)', () => {
    expect(offersGiftCards(false, undefined)).toBe(true);
    expect(offersGiftCards(true, undefined)).toBe(true);
    expect(offersGiftCards(true, off)).toBe(true);
  });
});
