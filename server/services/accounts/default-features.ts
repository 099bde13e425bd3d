import type { AccountFeatures } from '../../../src/contract/users';

/** Features of every new account. Pre-authorizations are minor units (pay-flows.md §9: DKK 600, EUR 80, CZK 2000, PLN 350, CHF 80). */
export function defaultAccountFeatures(): AccountFeatures {
  return {
    evCharging: { enabled: true, preAuthorizations: { DKK: 60000, EUR: 8000, CZK: 200000, PLN: 35000, CHF: 8000 } },
    quickCheckout: false,
    showOdometerScreenBeforeCheckout: false,
    loyaltyPrograms: [],
    referAFriend: true,
    psp: { providers: [{ provider: 'sandbox', methods: ['CREDIT_CARD', 'GOOGLE_PAY', 'APPLE_PAY'] }] },
    poiFilters: [],
    showCarProfileScreen: true,
    invoicing: true,
    giftCardShop: true,
    gamification: false,
    bookOnRydFuelCard: false,
    helpScreen: { supportHotline: '+49 30 1234 5678' },
  };
}
