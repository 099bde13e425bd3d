import { EV_PREAUTHORIZATION_DEFAULTS } from '../../../contract/ev';
import type { AccountFeatures } from '../../../contract/users';

/**
 * Features of every new account. EV charging is off until enabled for the account (pay-flows.md §6: "EV routes ...
 * require the EV-charging feature"); pre-authorizations are minor units (§9: DKK 600, EUR 80, CZK 2000, PLN 350, CHF 80).
 */
export function defaultAccountFeatures(): AccountFeatures {
  return {
    evCharging: { enabled: false, preAuthorizations: { ...EV_PREAUTHORIZATION_DEFAULTS } },
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
    evCharging: { ...base.evCharging, enabled: true },
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
