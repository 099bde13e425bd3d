import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { PaymentMethod } from '../../../../../contract/orders';
import { FUEL_CARD_BRANDS, fuelCardRules } from '../../../../../contract/plain/payment-methods';
import { paymentMethodsApi, twoFactorApi } from '../../../../features/payment-methods/api';
import {
  levelOf,
  validateCardExpiry,
  validateFuelCardNumber,
  validateTpin,
  validateVin,
} from '../../../../features/payment-methods/model/validation';
import { refreshPaymentMethods } from '../../../../features/payment-methods/queries';
import { TwoFactorCode } from '../../../../features/payment-methods/ui/TwoFactorCode';
import { validateRequired } from '../../../../lib/validation';
import { Button, FormAlert, Page, PasswordField, SelectField, TextField, toast, useForm } from '../../../../ui';

export const Route = createFileRoute('/profile/payments/add/bp-card')({
  component: AddFuelCard,
});

const BRAND_NAMES: Record<string, string> = { BP: 'BP', ARAL: 'Aral', ROUTEX: 'Routex' };

/**
 * A fuel card (shell-and-account.md §2.1 add/bp-card; §3 holder, number, expiry, tpin, brand; pay-flows.md §5 VIN from
 * level 2). A fuel card pays only with its own second factor: right after it is saved, a mailed code registers it.
 */
function AddFuelCard() {
  const [saved, setSaved] = useState<PaymentMethod | null>(null);
  return saved ? <RegisterSecondFactor method={saved} /> : <FuelCardForm onSaved={setSaved} />;
}

function FuelCardForm({ onSaved }: { onSaved: (method: PaymentMethod) => void }) {
  const formId = useId();
  const client = useQueryClient();
  const form = useForm({
    initial: { brand: 'BP', holder: '', number: '', expiry: '', tpin: '', vin: '' },
    labels: {
      brand: msg`Card brand`,
      holder: msg`Card holder`,
      number: msg`Card number`,
      expiry: msg`Expiry (MM/YYYY)`,
      tpin: msg`Card PIN`,
      vin: msg`Vehicle identification number (VIN)`,
    },
    validate: {
      holder: validateRequired,
      number: validateFuelCardNumber,
      expiry: (value) => validateCardExpiry(value),
      tpin: validateTpin,
      vin: (value, values) => validateVin(value, levelOf(values.number)),
    },
  });
  const level = levelOf(form.values.number);
  const vinRequired = fuelCardRules(level).vinRequired;
  const brand = form.field('brand');
  const onSubmit = form.handleSubmit(async (values) => {
    const vin = values.vin.trim().toUpperCase();
    const method = await paymentMethodsApi.addFuelCard({
      holder: values.holder,
      number: values.number,
      expiry: values.expiry,
      tpin: values.tpin,
      brand: values.brand as (typeof FUEL_CARD_BRANDS)[number],
      ...(vin ? { vin } : {}),
    });
    void refreshPaymentMethods(client);
    onSaved(method);
  });
  return (
    <Page
      title={<Trans>Add a fuel card</Trans>}
      description={<Trans>Your fuel card pays at the stations of its network.</Trans>}
      actions={
        <Button type="submit" form={formId} size="lg" fullWidth loading={form.pending}>
          <Trans>Add fuel card</Trans>
        </Button>
      }
    >
      <form id={formId} noValidate onSubmit={onSubmit}>
        <FormAlert>{form.alert}</FormAlert>
        <SelectField
          label={brand.label}
          name={brand.name}
          value={brand.value}
          onChange={(value) => brand.onChange(value)}
          options={FUEL_CARD_BRANDS.map((b) => ({ value: b, title: BRAND_NAMES[b] ?? b }))}
        />
        <TextField autoComplete="cc-name" {...form.field('holder')} />
        <TextField inputMode="numeric" autoComplete="off" maxLength={23} {...form.field('number')} />
        <TextField inputMode="numeric" placeholder="MM/YYYY" maxLength={7} {...form.field('expiry')} />
        <PasswordField inputMode="numeric" autoComplete="off" maxLength={4} {...form.field('tpin')} />
        <TextField
          autoCapitalize="characters"
          maxLength={17}
          hint={
            vinRequired ? <Trans>Required for this card (security level {level}).</Trans> : <Trans>Optional.</Trans>
          }
          {...form.field('vin')}
        />
      </form>
    </Page>
  );
}

function RegisterSecondFactor({ method }: { method: PaymentMethod }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const client = useQueryClient();
  return (
    <Page
      title={<Trans>Protect your fuel card</Trans>}
      description={
        <Trans>
          Fuel card payments are confirmed with a code we email you. Enter the code to finish adding the card.
        </Trans>
      }
    >
      <TwoFactorCode
        send={() => twoFactorApi.registrationOptions(method.id)}
        verify={(code) => twoFactorApi.verifyRegistration(method.id, code)}
        submitLabel={<Trans>Confirm</Trans>}
        onVerified={() => {
          void refreshPaymentMethods(client);
          toast.show({ text: i18n._(msg`Your fuel card was added`), tone: 'success' });
          void navigate({ to: '/profile/payments' });
        }}
      />
    </Page>
  );
}
