// Amazon Pay for real (VITE_AMAZON_PAY=real): the signed checkout-session config from POST v4/amazon-pay/session-config,
// then Amazon's checkout.js takes the driver away; Amazon sends them back to the summary with amazonCheckoutSessionId
// (paid: the summary authorizes the order with it) or amazonIsCancel (pay-flows.md §4 Amazon return).

import { loadScript } from '../../../lib/load-script';
import { checkoutApi } from '../api';
import type { WalletAdapter, WalletRequest } from './types';

const CHECKOUT_JS = 'https://static-eu.payments-amazon.com/checkout.js';

type AmazonGlobal = { Pay: { initCheckout(options: object): void } };

export function amazonPayAdapter(): WalletAdapter {
  return {
    id: 'AMAZON_PAY',
    kind: 'real',
    async isAvailable() {
      return true;
    },
    async pay(request: WalletRequest): Promise<'redirected'> {
      const back = new URL(request.returnUrl);
      const cancel = new URL(request.returnUrl);
      cancel.searchParams.set('amazonIsCancel', 'true');
      const config = await checkoutApi.amazonSessionConfig({
        authorizeAmount: { currencyCode: request.currency, amount: request.amount },
        webCheckoutDetails: { checkoutResultReturnUrl: back.toString(), checkoutCancelUrl: cancel.toString() },
      });
      await loadScript(CHECKOUT_JS);
      const amazon = (window as unknown as { amazon?: AmazonGlobal }).amazon;
      if (!amazon) throw new Error('Amazon Pay did not load');
      amazon.Pay.initCheckout({
        merchantId: config.merchantId,
        ledgerCurrency: config.ledgerCurrency,
        sandbox: config.sandbox,
        checkoutLanguage: 'en_GB',
        productType: 'PayOnly',
        placement: 'Checkout',
        createCheckoutSessionConfig: {
          payloadJSON: config.payloadJSON,
          signature: config.signature,
          publicKeyId: config.publicKeyId,
        },
      });
      return 'redirected';
    },
  };
}
