// The texts of the referral code errors (PUT v4/vouchers/referral-code) and of the program's loading failure
// (shell-and-account.md §8: "referral code generation failure, referral status retrieval failure").
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { REFERRAL_ERRORS } from '../../../../contract/vouchers';

export const REFERRAL_ERROR_TEXT: Record<string, MessageDescriptor> = {
  [REFERRAL_ERRORS.unknown]: msg`This referral code does not exist. Please check it with your friend.`,
  [REFERRAL_ERRORS.own]: msg`This is your own code. Share it with a friend instead.`,
  [REFERRAL_ERRORS.alreadyReferred]: msg`You have already used a friend's referral code.`,
  [REFERRAL_ERRORS.notNew]: msg`Referral codes are for new drivers before their first refuel.`,
  referral_code_generation_failed: msg`Your referral code could not be created. Please try again later.`,
};
