// The query of /profile/refer: a friend's code that a sign-in could not use (Sign in with Amazon creates the account
// all the same and sends the driver here), with the reason, so the page says why and offers the code again.
import { REFERRAL_ERROR_CODES } from '../../../../contract/plain/referral';
import { oneOf, searchObject, text } from '../../../lib/search-schema';

export const referSearch = searchObject({
  referralError: oneOf(REFERRAL_ERROR_CODES),
  referralCode: text({ max: 40 }),
});
