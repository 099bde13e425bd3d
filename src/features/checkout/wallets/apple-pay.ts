// Apple Pay for real (VITE_APPLE_PAY=real): ApplePaySession version 4, merchant validation through POST
// /v4/apple-pay/session, networks visa, masterCard, amex, discover, the amount as a 2-decimal string (pay-flows.md §9).
// A cancel (oncancel) is silent; without Apple Pay: 'Apple Pay is not available in this browser.' (§8).
import { checkoutApi } from '../api';
import { type WalletAdapter, WalletCancelled, type WalletRequest, type WalletResult } from './types';

export const APPLE_PAY_VERSION = 4;
export const APPLE_PAY_NETWORKS = ['visa', 'masterCard', 'amex', 'discover'];
export const APPLE_PAY_UNAVAILABLE = 'Apple Pay is not available in this browser.';

type Contact = {
  emailAddress?: string;
  givenName?: string;
  familyName?: string;
  addressLines?: string[];
  postalCode?: string;
  locality?: string;
  countryCode?: string;
};
type ApplePaySessionLike = {
  onvalidatemerchant: (event: { validationURL: string }) => void;
  onpaymentauthorized: (event: {
    payment: { token: { paymentData: unknown }; billingContact?: Contact; shippingContact?: Contact };
  }) => void;
  oncancel: () => void;
  completeMerchantValidation(session: unknown): void;
  completePayment(status: number): void;
  abort(): void;
  begin(): void;
};
type ApplePaySessionClass = {
  new (version: number, request: object): ApplePaySessionLike;
  canMakePayments(): boolean;
  STATUS_SUCCESS: number;
  STATUS_FAILURE: number;
};

const sessionClass = () => (window as unknown as { ApplePaySession?: ApplePaySessionClass }).ApplePaySession;

export function applePayAdapter(): WalletAdapter {
  return {
    id: 'APPLE_PAY',
    kind: 'real',
    async isAvailable() {
      try {
        return !!sessionClass()?.canMakePayments();
      } catch {
        return false;
      }
    },
    async pay(request: WalletRequest): Promise<WalletResult> {
      const Session = sessionClass();
      if (!Session?.canMakePayments()) throw new Error(APPLE_PAY_UNAVAILABLE);
      const merchant = await checkoutApi.merchant({ poiCountry: request.countryCode, providerMethod: 'APPLE_PAY' });
      return new Promise<WalletResult>((resolve, reject) => {
        const session = new Session(APPLE_PAY_VERSION, {
          countryCode: merchant.acquirer.countryCode,
          currencyCode: request.currency,
          supportedNetworks: APPLE_PAY_NETWORKS,
          merchantCapabilities: ['supports3DS'],
          total: { label: request.label, amount: request.amount },
          ...(request.needsContact
            ? { requiredBillingContactFields: ['postalAddress', 'name'], requiredShippingContactFields: ['email'] }
            : {}),
        });
        session.onvalidatemerchant = () => {
          checkoutApi
            .applePaySession({
              merchantIdentifier: merchant.applePayMerchantId,
              displayName: merchant.merchantName,
              initiative: 'web',
              initiativeContext: window.location.hostname,
            })
            .then((ms) => session.completeMerchantValidation(ms))
            .catch((error: unknown) => {
              session.abort();
              reject(error);
            });
        };
        session.onpaymentauthorized = (event) => {
          const billing = event.payment.billingContact;
          const email = event.payment.shippingContact?.emailAddress;
          session.completePayment(Session.STATUS_SUCCESS);
          resolve({
            token: JSON.stringify(event.payment.token.paymentData),
            ...(email ? { email } : {}),
            ...(billing?.givenName ? { firstName: billing.givenName, lastName: billing.familyName ?? '' } : {}),
            ...(billing
              ? {
                  address: {
                    street: billing.addressLines?.[0],
                    street2: billing.addressLines?.[1],
                    zip: billing.postalCode,
                    city: billing.locality,
                    countryCode: billing.countryCode?.toUpperCase(),
                  },
                }
              : {}),
          });
        };
        session.oncancel = () => reject(new WalletCancelled('APPLE_PAY'));
        session.begin();
      });
    },
  };
}
