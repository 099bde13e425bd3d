import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { VehicleFuel, VehicleType } from '../../../../contract/vehicles';

export const FUEL_LABELS: Record<VehicleFuel, MessageDescriptor> = {
  SUPER_E5: msg`Super E5`,
  SUPER_E10: msg`Super E10`,
  SUPER_PLUS: msg`Super Plus`,
  DIESEL: msg`Diesel`,
  LPG: msg`LPG`,
  CNG: msg`CNG`,
  ELECTRIC: msg`Electric`,
  HYDROGEN: msg`Hydrogen`,
};

export const TYPE_LABELS: Record<VehicleType, MessageDescriptor> = {
  car: msg`Car`,
  motorcycle: msg`Motorcycle`,
};
