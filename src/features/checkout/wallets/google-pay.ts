// Google Pay for real (VITE_GOOGLE_PAY=test|production): Google's PaymentsClient, the merchant from GET
// /v4/merchants/best-match (waiting at most 10 s), card networks MASTERCARD, VISA, AMEX (pay-flows.md §5), the amount as a
// 2-decimal string. CANCELED is the driver closing the sheet (silent).

import { loadScript } from '../../../lib/load-script';
import { checkoutApi } from '../api';
import { type WalletAdapter, WalletCancelled, type WalletRequest, type WalletResult } from './types';

const PAY_JS = 'https://pay.google.com/gp/p/js/pay.js';
const BASE = { apiVersion: 2, apiVersionMinor: 0 };

// The parts of Google's API used here.
type PaymentsClient = {
  isReadyToPay(request: object): Promise<{ result: boolean }>;
  loadPaymentData(request: object): Promise<{
    email?: string;
    paymentMethodData: {
      tokenizationData: { token: string };
      info?: {
        billingAddress?: {
          name?: string;
          address1?: string;
          address2?: string;
          locality?: string;
          postalCode?: string;
          countryCode?: string;
        };
      };
    };
  }>;
};
type GoogleGlobal = { payments: { api: { PaymentsClient: new (options: { environment: string }) => PaymentsClient } } };

function cardMethod(gateway?: string, gatewayMerchantId?: string) {
  return {
    type: 'CARD',
    parameters: {
      allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
      allowedCardNetworks: ['MASTERCARD', 'VISA', 'AMEX'],
      billingAddressRequired: true,
      billingAddressParameters: { format: 'FULL' },
    },
    ...(gateway
      ? { tokenizationSpecification: { type: 'PAYMENT_GATEWAY', parameters: { gateway, gatewayMerchantId } } }
      : {}),
  };
}

export function googlePayAdapter(environment: 'TEST' | 'PRODUCTION'): WalletAdapter {
  let client: PaymentsClient | null = null;
  async function getClient(): Promise<PaymentsClient> {
    if (client) return client;
    await loadScript(PAY_JS);
    const google = (window as unknown as { google?: GoogleGlobal }).google;
    if (!google) throw new Error('Google Pay did not load');
    client = new google.payments.api.PaymentsClient({ environment });
    return client;
  }
  return {
    id: 'GOOGLE_PAY',
    kind: 'real',
    async isAvailable() {
      try {
        const c = await getClient();
        return (await c.isReadyToPay({ ...BASE, allowedPaymentMethods: [cardMethod()] })).result;
      } catch {
        return false;
      }
    },
    async pay(request: WalletRequest): Promise<WalletResult> {
      const merchant = await checkoutApi.merchant({ poiCountry: request.countryCode, providerMethod: 'GOOGLE_PAY' });
      const c = await getClient();
      try {
        const data = await c.loadPaymentData({
          ...BASE,
          allowedPaymentMethods: [cardMethod(merchant.gateway, merchant.merchantId)],
          merchantInfo: { merchantName: merchant.merchantName },
          transactionInfo: {
            totalPriceStatus: 'FINAL',
            totalPrice: request.amount,
            currencyCode: request.currency,
            countryCode: merchant.acquirer.countryCode,
          },
          emailRequired: request.needsContact,
        });
        const billing = data.paymentMethodData.info?.billingAddress;
        const [firstName, ...rest] = (billing?.name ?? '').split(' ');
        return {
          token: data.paymentMethodData.tokenizationData.token,
          ...(data.email ? { email: data.email } : {}),
          ...(firstName ? { firstName, lastName: rest.join(' ') } : {}),
          ...(billing
            ? {
                address: {
                  street: billing.address1,
                  street2: billing.address2,
                  zip: billing.postalCode,
                  city: billing.locality,
                  countryCode: billing.countryCode,
                },
              }
            : {}),
        };
      } catch (error) {
        if ((error as { statusCode?: string }).statusCode === 'CANCELED') throw new WalletCancelled('GOOGLE_PAY');
        throw error;
      }
    },
  };
}
