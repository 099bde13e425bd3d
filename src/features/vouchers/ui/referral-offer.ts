// The refer-a-friend offer as text: the server's amounts (GET referral-program-participation's offer) in the active
// locale's money format.
import type { ReferralOffer } from '../../../../contract/vouchers';
import { formatMoney } from '../../../lib/money';

/** One amount of the offer per litre, in the offer's currency and the active locale: "0,40 kr./l", "€0.05/l". */
export function offerPerLitre(offer: ReferralOffer, minorPerLitre: number, locale: string): string {
  return `${formatMoney({ amount: minorPerLitre, currency: offer.currency, precision: offer.precision }, locale)}/l`;
}
