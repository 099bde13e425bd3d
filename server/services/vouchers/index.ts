// Vouchers: voucher cards, custom codes, and the one discount engine used by the preview and by the order capture.
export { activateParticipation } from './activate-participation';
export { addCustomVoucher } from './add-custom-voucher';
export { applyOrderDiscounts } from './apply-order-discounts';
export { computeDiscounts, productTypeOf } from './discount-engine';
export { listGiftCards } from './list-gift-cards';
export { listParticipations } from './list-participations';
export { previewDiscounts } from './preview-discounts';
export {
  acceptReferralCode,
  ensureReferralCampaigns,
  enterReferralCode,
  getReferralParticipation,
  knownReferralCode,
  REFERRAL_CAMPAIGNS,
} from './referral';
export { DEMO_CAMPAIGNS, DEMO_CODES, seedCampaigns } from './seed-campaigns';
