// The receipt card (pay-flows.md §2 Finish): its lines, the total, and the card ledger.
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Order } from '../../contract/orders';
import { Receipt } from '../../src/features/orders/ui/Receipt';
import { order } from './fixtures/orders';
import { renderWith } from './ui/harness';

const eur = (amount: number, precision = 2) => ({ amount, currency: 'EUR' as const, precision });

const fuelled: Order = {
  ...order('COMPLETED', ['CREATED', 'PAYMENT_AUTHORIZED', 'PRODUCT_PENDING', 'PRODUCT_ACQUIRED', 'COMPLETED']),
  totalAfterDiscounts: eur(2467),
  vouchers: [{ id: 'v1', name: 'Welcome voucher', paymentAttributes: { totalPrice: eur(200) } }],
  products: [
    {
      _id: 'p7',
      name: '7',
      fuelType: { fuelTypeId: 'SUPER_E5', name: 'SUPER E5' },
      attributes: { paymentAttributes: { quantity: 14.917, unit: 'LTR', unitPrice: eur(1789, 3) } },
    },
  ],
  payment: {
    paymentMethodId: 'visa',
    brand: 'VISA',
    last4: '4242',
    held: eur(3000),
    captured: eur(2467),
    released: eur(533),
    ledger: [],
  },
};

const text = (el: HTMLElement) => el.textContent?.replace(/\s+/g, ' ').trim();

describe('Receipt', () => {
  it('is an article named "Receipt" with the station, the lines and the total', () => {
    renderWith(
      <Receipt
        order={fuelled}
        station={{ name: 'Nordwind Berlin', brand: 'Nordwind', address: 'Invalidenstraße 112, 10115 Berlin' }}
      />,
    );
    const receipt = screen.getByRole('article', { name: 'Receipt' });
    expect(text(receipt)).toContain('Nordwind');
    expect(text(receipt)).toContain('Invalidenstraße 112, 10115 Berlin');
    const rows = within(receipt)
      .getAllByRole('term')
      .map((term) => `${term.textContent}=${term.nextElementSibling?.textContent}`);
    expect(rows).toEqual(
      expect.arrayContaining([
        'Fuel=SUPER E5',
        'Pump=7',
        'Quantity=14.91 l',
        'Price per unit=€1.789/l',
        'Welcome voucher=−€2.00',
        'Total=€24.67',
      ]),
    );
  });

  it('shows what the card had reserved, what was charged and what was released', () => {
    renderWith(<Receipt order={fuelled} station={null} />);
    const ledger = screen.getByRole('region', { name: /Your card · VISA •••• 4242/ });
    expect(text(ledger)).toContain('Reserved€30.00');
    expect(text(ledger)).toContain('Charged€24.67');
    expect(text(ledger)).toContain('Released€5.33');
  });
});
