// Refer-a-friend rules (shell-and-account.md §4 Refer-a-friend, §9 Referral offer), the share-or-copy step, and the
// loyalty points of a purchase (the receipt's loyalty items), table-style.
import { describe, expect, it, vi } from 'vitest';
import { loyaltyPointsFor } from '../../contract/loyalty';
import { REFERRAL_OFFER, referralStatus } from '../../contract/vouchers';
import { amazonReturnSearch } from '../../src/features/session/model/search';
import { referralLink, shareReferral, validateReferralCode } from '../../src/features/vouchers/model/referral';
import { referSearch } from '../../src/features/vouchers/model/search';
import { offerPerLitre } from '../../src/features/vouchers/ui/referral-offer';

describe('referral status', () => {
  const cases: [string, number, boolean, string][] = [
    ['no fuel yet', 0, false, 'ACCEPTED'],
    ['a first refuel', 35_500, false, 'IN_PROGRESS'],
    ['1 ml short of 100 l', 99_999, false, 'IN_PROGRESS'],
    ['exactly 100 l', 100_000, false, 'COMPLETED'],
    ['rewarded', 10, true, 'COMPLETED'],
  ];
  it.each(cases)('%s', (_name, ml, completed, expected) => {
    expect(referralStatus(ml, completed)).toBe(expected);
  });
  it('is the offer of the spec', () => {
    expect(REFERRAL_OFFER).toMatchObject({
      friendFirstRefuel: 5,
      friendAfterThreshold: 10,
      referrer: 10,
      thresholdLitres: 100,
    });
  });
});

describe('the offer per litre, in the driver’s currency and language', () => {
  const offer = (currency: 'EUR' | 'DKK' | 'PLN', first: number) => ({
    currency,
    precision: 2,
    friendFirstRefuel: first,
    friendAfterThreshold: 2 * first,
    referrer: 2 * first,
    thresholdLitres: 100,
  });
  // Intl puts a no-break space between amount and symbol; compare with plain spaces.
  const plain = (s: string) => s.replace(/\u00a0/g, ' ');
  it.each([
    ['a Danish driver in Danish', offer('DKK', 40), 40, 'da', '0,40 kr./l'],
    ['a Danish driver in English', offer('DKK', 40), 75, 'en', 'DKK 0.75/l'],
    ['a German driver', offer('EUR', 5), 5, 'de', '0,05 €/l'],
    ['a Polish driver', offer('PLN', 20), 20, 'pl', '0,20 zł/l'],
  ] as const)('%s', (_name, o, minor, locale, expected) => {
    expect(plain(offerPerLitre(o, minor, locale))).toBe(expected);
  });
});

describe('referral code field', () => {
  it.each([
    ['', { kind: 'required' }],
    ['   ', { kind: 'required' }],
    ['ABCD2345', null],
    [' abcd2345 ', null],
    ['ABCD234', { kind: 'format' }],
    ['ABCD-2345', { kind: 'format' }],
    ['ABCD23456', { kind: 'format' }],
  ])('%j', (value, expected) => {
    expect(validateReferralCode(value)).toEqual(expected);
  });
});

describe('share or copy', () => {
  const data = {
    title: 'Refer a friend',
    text: 'Use my code ABCD2345',
    url: referralLink('https://pay.example', 'ABCD2345'),
  };
  it('links to the refer page', () => {
    expect(data.url).toBe('https://pay.example/register?referralCode=ABCD2345');
  });
  it('shares with the Web Share API where present', async () => {
    const share = vi.fn(async () => {});
    const writeText = vi.fn(async () => {});
    expect(await shareReferral(data, 'ABCD2345', { share, writeText })).toBe('shared');
    expect(share).toHaveBeenCalledWith(data);
    expect(writeText).not.toHaveBeenCalled();
  });
  it('closing the share sheet is a cancel, nothing is copied', async () => {
    const share = vi.fn(async () => {
      throw new DOMException('closed', 'AbortError');
    });
    const writeText = vi.fn(async () => {});
    expect(await shareReferral(data, 'ABCD2345', { share, writeText })).toBe('cancelled');
    expect(writeText).not.toHaveBeenCalled();
  });
  it('copies the code without the API, when the data cannot be shared, or when sharing fails', async () => {
    const writeText = vi.fn(async () => {});
    expect(await shareReferral(data, 'ABCD2345', { writeText })).toBe('copied');
    const share = vi.fn(async () => {});
    expect(await shareReferral(data, 'ABCD2345', { share, canShare: () => false, writeText })).toBe('copied');
    expect(share).not.toHaveBeenCalled();
    const broken = vi.fn(async () => {
      throw new DOMException('denied', 'NotAllowedError');
    });
    expect(await shareReferral(data, 'ABCD2345', { share: broken, writeText })).toBe('copied');
    expect(writeText).toHaveBeenCalledWith('ABCD2345');
  });
  it('fails when neither works', async () => {
    expect(await shareReferral(data, 'X', {})).toBe('failed');
    const writeText = vi.fn(async () => {
      throw new Error('no clipboard');
    });
    expect(await shareReferral(data, 'X', { writeText })).toBe('failed');
  });
});

describe('loyalty points', () => {
  it.each([
    [0, 0],
    [-100, 0],
    [99, 0],
    [100, 1],
    [1_999, 19],
    [2_000, 20],
  ])('%i minor units paid give %i points', (paid, points) => {
    expect(loyaltyPointsFor(paid, 2)).toBe(points);
  });
});

describe('a friend’s code through Sign in with Amazon', () => {
  it('comes back from Amazon with the buyer token, trimmed and upper-cased', () => {
    expect(amazonReturnSearch.parse({ buyerToken: 'tok', referralCode: ' abcd2345 ' })).toEqual({
      buyerToken: 'tok',
      referralCode: 'ABCD2345',
    });
  });
  it('a refused code reaches /profile/refer with its reason; an unknown reason is dropped', () => {
    expect(referSearch.parse({ referralError: 'referral_code_unknown', referralCode: 'ZZZZ2345' })).toEqual({
      referralError: 'referral_code_unknown',
      referralCode: 'ZZZZ2345',
    });
    expect(referSearch.parse({ referralError: 'internal_error', referralCode: 'ZZZZ2345' })).toEqual({
      referralCode: 'ZZZZ2345',
    });
  });
});
