import { decryptOtp as openOtpToken } from '../../auth/otp';
import type { AppContext } from '../../context';
import { DomainError } from '../../errors';

/** POST /functions/decrypt_otp: opens a host app's encrypted one-time password for the given email. */
export async function decryptOtp({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { email: string; encryptOtp: string };
}): Promise<{ otp: string }> {
  const key = ctx.env.otpKey;
  if (!key) throw new DomainError('unprocessable', 'unprocessable', 'OTP decryption is not configured (set OTP_KEY)');
  return { otp: await openOtpToken({ key, email: input.email, token: input.encryptOtp }) };
}
