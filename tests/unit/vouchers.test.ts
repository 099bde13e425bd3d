// The voucher preview of the summaries (shell-and-account.md §4 Voucher preview; pay-flows.md §5, §7), table-style.
import { describe, expect, it } from 'vitest';
import type { Product } from '../../contract/stations';
import type { DiscountPreview } from '../../contract/vouchers';
import { validateVoucherCode } from '../../src/features/vouchers/model/code';
import { PREVIEW_VOUCHER, previewLoading, previewState, shownPreview } from '../../src/features/vouchers/model/preview';
import { prepayPreviewBody } from '../../src/features/vouchers/model/preview-body';

const eur = (amount: number) => ({ amount, currency: 'EUR' as const, precision: 2 });
const preview: DiscountPreview = {
  discounts: [{ id: 'p1', name: 'Fuel saver', label: '5 ct/l', appliedDiscount: eur(83) }],
  totalBeforeDiscounts: eur(3000),
  totalAfterDiscounts: eur(2917),
};
const older: DiscountPreview = { ...preview, totalAfterDiscounts: eur(1950) };

describe('voucher preview state', () => {
  const cases = [
    [
      'no preview for guests (nothing asked)',
      { enabled: false, fetching: false, data: undefined, error: null },
      'none',
    ],
    [
      'loading turns on while the request runs',
      { enabled: true, fetching: true, data: undefined, error: null },
      'loading',
    ],
    [
      'the result is stored and loading turns off',
      { enabled: true, fetching: false, data: preview, error: null },
      'ready',
    ],
    [
      'a cancelled request returns quietly',
      { enabled: true, fetching: false, data: undefined, error: { cancelled: true } },
      'none',
    ],
    [
      'any other failure clears the preview and records PREVIEW_VOUCHER',
      { enabled: true, fetching: false, data: preview, error: { cancelled: false } },
      'failed',
    ],
  ] as const;
  for (const [rule, request, kind] of cases) {
    it(rule, () => expect(previewState(request).kind).toBe(kind));
  }

  it('a failure shows no discount and carries the error code', () => {
    const state = previewState({ enabled: true, fetching: false, data: preview, error: { cancelled: false } });
    expect(state).toEqual({ kind: 'failed', errorCode: PREVIEW_VOUCHER });
    expect(shownPreview(state)).toBeNull();
  });

  it('the pay button waits only while loading; the previous result stays shown meanwhile', () => {
    const loading = previewState({ enabled: true, fetching: true, data: older, error: null });
    expect(previewLoading(loading)).toBe(true);
    expect(shownPreview(loading)).toBe(older);
    expect(previewLoading(previewState({ enabled: true, fetching: false, data: preview, error: null }))).toBe(false);
    expect(previewLoading(previewState({ enabled: false, fetching: false, data: undefined, error: null }))).toBe(false);
  });
});

describe('preview body of the prepay summary', () => {
  const pump = {
    _id: 'pump-1',
    attributes: {
      availableItems: [],
      priceAuthorizationLimitsAutomaticFlow: { recommendedPrices: [{ amount: 3000, currency: 'EUR', precision: 2 }] },
    },
  } as unknown as Product;
  const item = { itemCode: 'SUPER_E5', marketingName: 'SUPER E5', price: 1789, currency: 'EUR' as const, precision: 3 };

  it('sends total, poiId and the product with fuel type and unit price (pay-flows.md §7)', () => {
    expect(
      prepayPreviewBody({ poiId: 'st', pump, item, amount: 3000, currency: 'EUR', paymentMethodId: 'pm' }),
    ).toEqual({
      total: eur(3000),
      poiId: 'st',
      paymentMethodId: 'pm',
      products: [{ id: 'pump-1', fuelTypeId: 'SUPER_E5', unitPrice: { amount: 1789, currency: 'EUR', precision: 3 } }],
    });
  });

  it('asks nothing while a part is missing or the currency is unknown', () => {
    expect(prepayPreviewBody({ poiId: undefined, pump, item, amount: 3000, currency: 'EUR' })).toBeNull();
    expect(prepayPreviewBody({ poiId: 'st', pump, item, amount: undefined, currency: 'EUR' })).toBeNull();
    expect(prepayPreviewBody({ poiId: 'st', pump, item, amount: 3000, currency: 'XYZ' })).toBeNull();
  });
});

describe('custom voucher code', () => {
  it.each([
    ['', 'required'],
    ['  ', 'required'],
    ['a b', 'format'],
    ['AB', 'format'],
    ['WELCOME10', null],
    ['summer-2024', null],
  ])('%j → %s', (code, kind) => {
    expect(validateVoucherCode(code)?.kind ?? null).toBe(kind);
  });
});
