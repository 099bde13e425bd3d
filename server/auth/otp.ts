// decrypt_otp tokens: a compact JWE (alg 'dir', enc 'A256GCM', 32-byte key from OTP_KEY or the demo key)
// whose payload is {email, otp, exp}. Host apps create them with encryptOtp; the app asks the server to open them.
import { EncryptJWT, errors, jwtDecrypt } from 'jose';
import { DomainError } from '../errors';

export async function encryptOtp(opts: {
  key: Uint8Array;
  email: string;
  otp: string;
  expiresInSeconds?: number;
}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new EncryptJWT({ email: opts.email.trim().toLowerCase(), otp: opts.otp })
    .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
    .setIssuedAt(now)
    .setExpirationTime(now + (opts.expiresInSeconds ?? 300))
    .encrypt(opts.key);
}

/** Returns the otp, or throws 422 (expired, email mismatch) / 400 (malformed, wrong key). */
export async function decryptOtp(opts: { key: Uint8Array; email: string; token: string }): Promise<string> {
  let payload: Record<string, unknown>;
  try {
    ({ payload } = await jwtDecrypt(opts.token, opts.key, {
      keyManagementAlgorithms: ['dir'],
      contentEncryptionAlgorithms: ['A256GCM'],
      requiredClaims: ['exp'],
    }));
  } catch (err) {
    if (err instanceof errors.JWTExpired)
      throw new DomainError('unprocessable', 'unprocessable', 'The one-time password has expired');
    throw new DomainError('invalid', 'bad_request', 'encryptOtp is not a valid token');
  }
  if (typeof payload.otp !== 'string' || typeof payload.email !== 'string') {
    throw new DomainError('invalid', 'bad_request', 'encryptOtp is not a valid token');
  }
  if (payload.email.trim().toLowerCase() !== opts.email.trim().toLowerCase()) {
    throw new DomainError('unprocessable', 'unprocessable', 'The one-time password belongs to another email');
  }
  return payload.otp;
}
