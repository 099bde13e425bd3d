import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { VEHICLE_FUELS, VEHICLE_TYPES, type VehicleFuel, type VehicleType } from '../../../../contract/vehicles';
import { Button, FormAlert, PageActions, SelectField, TextField, useForm } from '../../../ui';
import {
  defaultNickName,
  type VehicleValues,
  validateBuildYear,
  validateMileage,
  validateNickName,
  validateTank,
  validateVin,
} from '../model/vehicle-form';
import { catalogueTank, useMakes, useModels } from '../queries';
import { FUEL_LABELS, TYPE_LABELS } from './labels';
import { SearchPicker } from './SearchPicker';
import './vehicles.css';

type Props = {
  formId: string;
  initial: VehicleValues;
  /** The mileage the server has: a new value may not be lower (§5). */
  previousMileage: number | null;
  submitLabel: ReactNode;
  onSubmit: (values: VehicleValues) => Promise<void>;
  children?: ReactNode;
};

/** Brand → model → fuel type from the catalogue (searchable sheets), then the vehicle's own data. */
export function VehicleForm({ formId, initial, previousMileage, submitLabel, onSubmit, children }: Props) {
  const { i18n } = useLingui();
  const form = useForm({
    initial,
    labels: {
      type: msg`Vehicle type`,
      brand: msg`Brand`,
      model: msg`Model`,
      fuelType: msg`Fuel type`,
      buildYear: msg`Build year`,
      tankCapacityL: msg`Tank capacity (litres)`,
      licensePlate: msg`License plate`,
      vin: msg`VIN`,
      mileageKm: msg`Mileage (km)`,
      nextInspection: msg`Next general inspection`,
      nickName: msg`Name`,
    },
    validate: {
      buildYear: (v) => validateBuildYear(v),
      tankCapacityL: validateTank,
      mileageKm: (v) => validateMileage(v, previousMileage),
      vin: validateVin,
      nickName: validateNickName,
    },
  });
  const v = form.values;
  const type = v.type as VehicleType;
  const makes = useMakes(type, true);
  const models = useModels(v.brand, type);
  const model = models.data?.find((m) => m.name === v.model);
  const fuels: readonly VehicleFuel[] = model?.fuelTypes ?? VEHICLE_FUELS;
  const submit = form.handleSubmit(onSubmit);

  // A known make that is not in the catalogue (typed before, or renamed) still shows as the choice.
  const withCurrent = (names: string[], current: string) =>
    (current && !names.includes(current) ? [current, ...names] : names).map((name) => ({ value: name, title: name }));

  async function pickFuel(fuel: string) {
    form.setValues({ fuelType: fuel });
    if (!v.brand || !v.model) return;
    try {
      const detail = await catalogueTank(v.brand, v.model, fuel);
      if (detail.tankCapacityL !== null) form.setValues({ tankCapacityL: String(detail.tankCapacityL) });
    } catch {
      // Not in the catalogue (or no signal): the driver types the tank size.
    }
  }

  return (
    <>
      <form id={formId} noValidate onSubmit={submit} className="vehicle-form">
        <FormAlert>{form.alert}</FormAlert>
        <SelectField
          {...form.field('type')}
          onChange={(value) => {
            form.setValues({ type: value as VehicleType, brand: '', model: '' });
          }}
          options={VEHICLE_TYPES.map((t) => ({ value: t, title: i18n._(TYPE_LABELS[t]) }))}
        />
        <SearchPicker
          {...form.field('brand')}
          placeholder={i18n._(msg`Choose a brand`)}
          options={withCurrent(makes.data?.map((m) => m.name) ?? [], v.brand)}
          onChange={(value) => {
            form.setValues({ brand: value, model: '' });
          }}
        />
        <SearchPicker
          {...form.field('model')}
          placeholder={v.brand ? i18n._(msg`Choose a model`) : i18n._(msg`Choose a brand first`)}
          disabled={!v.brand}
          options={withCurrent(models.data?.map((m) => m.name) ?? [], v.model)}
          onChange={(value) => form.setValue('model', value)}
        />
        <SelectField
          {...form.field('fuelType')}
          placeholder={i18n._(msg`Choose a fuel type`)}
          options={fuels.map((f) => ({ value: f, title: i18n._(FUEL_LABELS[f]) }))}
          onChange={(value) => void pickFuel(value)}
        />
        <div className="vehicle-row">
          <TextField inputMode="numeric" {...form.field('buildYear')} />
          <TextField inputMode="numeric" {...form.field('tankCapacityL')} />
        </div>
        <TextField autoCapitalize="characters" {...form.field('licensePlate')} />
        <TextField autoCapitalize="characters" {...form.field('vin')} />
        <div className="vehicle-row">
          <TextField inputMode="numeric" {...form.field('mileageKm')} />
          <TextField type="date" {...form.field('nextInspection')} />
        </div>
        <TextField placeholder={defaultNickName(v) || undefined} {...form.field('nickName')} />
      </form>
      {children}
      <PageActions>
        <Button type="submit" form={formId} size="lg" loading={form.pending}>
          {submitLabel}
        </Button>
      </PageActions>
    </>
  );
}
