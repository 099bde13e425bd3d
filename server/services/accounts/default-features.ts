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

/** The demo driver's account: every feature of §3 Account features switched on, so the demo shows every screen. */
export function allAccountFeatures(): AccountFeatures {
  const base = defaultAccountFeatures();
  return {
    ...base,
    quickCheckout: true,
    showOdometerScreenBeforeCheckout: true,
    loyaltyPrograms: ['REPSOL', 'NOOP', 'Q8_SMILES'],
    referAFriend: true,
    poiFilters: ['FUEL', 'EV', 'CAR_WASH'],
    showCarProfileScreen: true,
    invoicing: true,
    giftCardShop: true,
    gamification: true,
    bookOnRydFuelCard: true,
  };
}
