// Amazon's own sign-in button (VITE_AMAZON_PAY=real): the options handed to amazon.Pay.renderButton carry our server's
// signed config unchanged, ask for the SignIn product, and pick the page language Amazon's EU region has.
import { describe, expect, it } from 'vitest';
import { amazonSignInButtonOptions, realAmazonSignIn } from '../../src/features/session/amazon';

const config = {
  payloadJSON: '{"signInReturnUrl":"https://pay.example/amazonSSORedirect","storeId":"amzn1.application-oa2-client.x"}',
  signature: 'c2lnbmF0dXJl',
  publicKeyId: 'LIVE-AB12',
  merchantId: 'A1MERCHANT',
  ledgerCurrency: 'EUR',
  sandbox: false,
};

describe('Amazon sign-in button options', () => {
  it('carries the signed config as it is, for the SignIn product', () => {
    expect(amazonSignInButtonOptions(config, 'de')).toEqual({
      merchantId: 'A1MERCHANT',
      ledgerCurrency: 'EUR',
      sandbox: false,
      checkoutLanguage: 'de_DE',
      productType: 'SignIn',
      placement: 'Other',
      buttonColor: 'Gold',
      signInConfig: { payloadJSON: config.payloadJSON, signature: 'c2lnbmF0dXJl', publicKeyId: 'LIVE-AB12' },
    });
  });

  it.each([
    ['de', 'de_DE'],
    ['fr', 'fr_FR'],
    ['it', 'it_IT'],
    ['es', 'es_ES'],
    ['en', 'en_GB'],
    ['nl', 'en_GB'],
    ['pt', 'en_GB'],
    ['da', 'en_GB'],
    ['pl', 'en_GB'],
  ])('language %s opens Amazon in %s', (language, amazon) => {
    expect(amazonSignInButtonOptions(config, language).checkoutLanguage).toBe(amazon);
  });

  it('is off unless the build asks for the real Amazon', () => {
    expect(realAmazonSignIn).toBe(false);
  });
});
