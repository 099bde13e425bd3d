// Authentication: registering, logging in (password, OpenID, guest), sessions and their revocation, passwords.

export { AMAZON_BUYER_TOKEN_TTL_MS, issueAmazonBuyerToken, signInWithAmazon } from './amazon-sign-in';
export { authenticate } from './authenticate';
export { changePassword } from './change-password';
export { decryptOtp } from './decrypt-otp';
export { loginLocal } from './login-local';
export {
  completeOpenId,
  listIdentities,
  loginOpenId,
  openIdCallback,
  sendOpenIdEmailCode,
  startOpenId,
  unlinkIdentity,
} from './login-openid';
export { logout } from './logout';
export { register } from './register';
export { registerGuest } from './register-guest';
export { rememberLanguage } from './remember-language';
export { prepareTempPasswordMail, resendPassword } from './resend-password';
// For other areas: a revocation made elsewhere (deleting a user) clears the cached sessions too.
export { forgetSessions } from './session-cache';
