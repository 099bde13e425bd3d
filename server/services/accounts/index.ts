// Accounts: what an account may use (its features). A user belongs to one account.
export { allAccountFeatures, defaultAccountFeatures } from './default-features';
export { assertEvCharging, setEvCharging } from './ev-charging';
export { assertGiftCardShop } from './features-of';
export { getFeatures } from './get-features';
export { type ConsoleFeaturesBody, consoleFeaturesBody, setAccountFeatures } from './set-features';
