// The summary's payment method: a row that opens a bottom-sheet picker (pay-flows.md §2: "payment card with
// change-method picker").
import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentMethod } from '../../contract/orders';
import { methodName, PaymentMethodPicker } from '../../src/features/checkout/ui/PaymentMethodPicker';
import { polyfillDialog, renderWith } from './ui/harness';

beforeAll(polyfillDialog);

function card(id: string, brand: string, last4: string, over: Partial<PaymentMethod['details']> = {}): PaymentMethod {
  return {
    id,
    createdAt: '2026-11-01T00:00:00Z',
    provider: 'sandbox',
    method: 'CREDIT_CARD',
    state: 'ACTIVE',
    isPreferred: id === 'visa',
    isRegisteredFor2FA: false,
    details: { brand, last4, expiry: '12/2030', ...over },
  };
}
const visa = card('visa', 'VISA', '4242');
const declining = card('mc', 'MASTERCARD', '0002', { label: 'Declining test card' });

function Harness({ methods }: { methods: PaymentMethod[] }) {
  const [value, setValue] = useState<string | null>(methods[0]?.id ?? null);
  return <PaymentMethodPicker methods={methods} value={value} onChange={setValue} />;
}

describe('PaymentMethodPicker', () => {
  it('names a card by its network and last four digits', () => {
    expect(methodName(visa)).toBe('Visa •••• 4242');
    expect(methodName(declining)).toBe('Mastercard •••• 0002');
    expect(methodName({ ...visa, method: 'GOOGLE_PAY', details: {} })).toBe('Google Pay');
  });

  it('shows the chosen method in a row named "Payment method …" that opens the sheet', () => {
    renderWith(<Harness methods={[visa, declining]} />);
    const row = screen.getByRole('button', { name: /^Payment method/ });
    expect(row.textContent).toContain('Visa •••• 4242');
    expect(row.textContent).toContain('Expires 12/2030');
    expect(row.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(row);
    const sheet = screen.getByRole('dialog', { name: 'Pay with' });
    expect(sheet.hasAttribute('open')).toBe(true);
    expect((screen.getByRole('radio', { name: /4242/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('radio', { name: /0002/ }).closest('label')?.textContent).toContain('Declining test card');
  });

  it('a tap on another method chooses it and closes the sheet', () => {
    renderWith(<Harness methods={[visa, declining]} />);
    fireEvent.click(screen.getByRole('button', { name: /^Payment method/ }));
    fireEvent.click(screen.getByRole('radio', { name: /0002/ }).closest('label')!, { detail: 1 });
    expect(screen.getByRole('dialog', { hidden: true }).hasAttribute('open')).toBe(false);
    expect(screen.getByRole('button', { name: /^Payment method/ }).textContent).toContain('Mastercard •••• 0002');
  });

  it('with a single method there is nothing to change: the row is not a button', () => {
    renderWith(<Harness methods={[visa]} />);
    expect(screen.queryByRole('button', { name: /^Payment method/ })).toBeNull();
    expect(screen.getByText('Visa •••• 4242')).toBeTruthy();
  });
});
