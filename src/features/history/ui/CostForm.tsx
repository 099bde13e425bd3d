import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { type ReactNode, useEffect, useState } from 'react';
import { COST_CATEGORIES, RECURRENCE_PERIODS } from '../../../../contract/history';
import { CURRENCIES } from '../../../../contract/plain/stations';
import { ApiError } from '../../../lib/http/errors';
import { validateRequired } from '../../../lib/validation';
import { Button, Checkbox, FormAlert, PageActions, SelectField, TextArea, TextField, useForm } from '../../../ui';
import {
  type CostFormValues,
  dateToSampleTime,
  validateLitres,
  validateMileage,
  validatePrice,
} from '../model/cost-form';
import { lastMileage } from '../store';
import type { Vehicle } from './FilterSheet';
import { CATEGORY_LABELS, RECURRENCE_LABELS } from './labels';

type Props = {
  initial: CostFormValues;
  userId: string;
  vehicles: Vehicle[];
  /** The create form offers the recurrence; an edit changes one occurrence only (reach onlyThis). */
  withRecurrence: boolean;
  /** An event being edited is left out of the "previous mileage". */
  editing?: string;
  submitLabel: ReactNode;
  /** More fields (the image) between the form's fields and its button. */
  children?: ReactNode;
  onSubmit: (values: CostFormValues) => Promise<void>;
};

/** The cost form (§2.4 Cost entry): every field of §3 Cost, the spec's messages, values kept when sending fails. */
export function CostForm({
  initial,
  userId,
  vehicles,
  withRecurrence,
  editing,
  submitLabel,
  children,
  onSubmit,
}: Props) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const [previousKm, setPreviousKm] = useState<number | null>(null);
  const form = useForm<CostFormValues>({
    initial,
    labels: {
      category: msg`Category`,
      price: msg`Price`,
      currency: msg`Currency`,
      date: msg`Date`,
      recurrence: msg`Repeats`,
      name: msg`Name`,
      notes: msg`Notes`,
      vehicle: msg`Vehicle`,
      litres: msg`Litres`,
      mileage: msg`Mileage (km)`,
    },
    validate: {
      category: (v) => validateRequired(v),
      price: (v) => validatePrice(v, locale),
      date: (v) => (v ? (dateToSampleTime(v, new Date()) ? null : { kind: 'format' }) : { kind: 'required' }),
      litres: (v) => validateLitres(v, locale),
      mileage: (v) => validateMileage(v, locale, previousKm),
    },
  });
  const { vehicle, date } = form.values;
  // §5 "must not be lower than the previous value": the vehicle's last reading before this date on this phone.
  useEffect(() => {
    let live = true;
    const at = dateToSampleTime(date, new Date());
    if (!vehicle || !at) setPreviousKm(null);
    else
      void lastMileage(userId, vehicle, Date.parse(at), editing).then((km) => {
        if (live) setPreviousKm(km);
      });
    return () => {
      live = false;
    };
  }, [userId, vehicle, date, editing]);

  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      // The server's verdict on the mileage goes on the field.
      const detail =
        error instanceof ApiError ? (error.details as Array<{ path?: string; limit?: number }>)?.[0] : null;
      if (detail?.path === 'odometer' && typeof detail.limit === 'number') {
        const km = `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(detail.limit / 1000)} km`;
        form.setError('mileage', { kind: 'mileageBelowPrevious', previous: km });
      }
      throw error;
    }
  });
  const fuel = form.values.category === 'FUEL_TOP_UP';
  const field = form.field;

  return (
    <form noValidate onSubmit={submit}>
      <FormAlert>{form.alert}</FormAlert>
      <SelectField
        {...field('category')}
        placeholder={i18n._(msg`Choose a category`)}
        options={COST_CATEGORIES.map((c) => ({ value: c, title: i18n._(CATEGORY_LABELS[c]) }))}
      />
      <TextField {...field('price')} inputMode="decimal" autoComplete="off" />
      <SelectField {...field('currency')} options={CURRENCIES.map((c) => ({ value: c, title: c }))} />
      <TextField {...field('date')} type="date" />
      {withRecurrence ? (
        <SelectField
          {...field('recurrence')}
          options={RECURRENCE_PERIODS.map((r) => ({ value: r, title: i18n._(RECURRENCE_LABELS[r]) }))}
        />
      ) : null}
      <TextField {...field('name')} maxLength={100} autoComplete="off" />
      <SelectField
        {...field('vehicle')}
        options={[
          { value: '', title: i18n._(msg`No vehicle`) },
          ...vehicles.map((v) => ({ value: v.id, title: v.name })),
        ]}
      />
      {fuel ? <TextField {...field('litres')} inputMode="decimal" autoComplete="off" /> : null}
      {form.values.vehicle ? (
        <TextField
          {...field('mileage')}
          inputMode="decimal"
          autoComplete="off"
          hint={
            previousKm !== null ? (
              <Trans>
                Last reading: {new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(previousKm)} km
              </Trans>
            ) : null
          }
        />
      ) : null}
      {fuel ? <Checkbox {...form.checkbox('tankFull')} label={<Trans>Tank filled up</Trans>} /> : null}
      <TextArea {...field('notes')} maxLength={1000} rows={3} />
      {children}
      {/* The save in the sticky action bar, within thumb reach like the other forms' (it ends the page). */}
      <PageActions>
        <Button type="submit" size="lg" fullWidth loading={form.pending}>
          {submitLabel}
        </Button>
      </PageActions>
    </form>
  );
}
