// What a failed join says (§8 "lottery consent and join failures").
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { errorCodes } from '../../../../contract/errors';
import { ApiError } from '../../../lib/http/errors';

const CONSENT = msg`Please agree to the lottery’s terms to join.`;

export const consentRequiredText = (i18n: I18n) => i18n._(CONSENT);

export function joinErrorText(i18n: I18n, error: unknown): string {
  if (error instanceof ApiError && error.code === errorCodes.lotteryConsentRequired) return i18n._(CONSENT);
  if (error instanceof ApiError && error.code === errorCodes.lotteryClosed) {
    return i18n._(msg`This lottery is closed. Look out for the next one.`);
  }
  return i18n._(msg`You could not join the lottery. Please try again later.`);
}
