import { describe, expect, it } from 'vitest';
import {
  emptyVehicle,
  validateBuildYear,
  validateMileage,
  validateNickName,
  validateVin,
  vehicleBody,
} from '../../src/features/vehicles/model/vehicle-form';

describe('the vehicle form (shell-and-account.md §3 Vehicle, §5)', () => {
  it('Mileage is at most 1000000', () => {
    expect(validateMileage('1000000', null)).toBeNull();
    expect(validateMileage('1000001', null)).toEqual({ kind: 'mileageMax' });
  });
  it('and must not be lower than the previous value', () => {
    expect(validateMileage('41999', 42000)).toEqual({ kind: 'mileageBelowPrevious', previous: '42000' });
    expect(validateMileage('42000', 42000)).toBeNull();
    expect(validateMileage('', 42000)).toBeNull();
    expect(validateMileage('4.2', null)).toEqual({ kind: 'format' });
  });
  it('a build year is four digits up to next year', () => {
    const now = new Date('2026-11-23');
    expect(validateBuildYear('2027', now)).toBeNull();
    expect(validateBuildYear('2028', now)).toEqual({ kind: 'format' });
    expect(validateBuildYear('1899', now)).toEqual({ kind: 'format' });
  });
  it('a VIN has 17 letters and digits without I, O and Q', () => {
    expect(validateVin('WVWZZZCDZMW000001')).toBeNull();
    expect(validateVin('WVWZZZCDZMW00000O')).toEqual({ kind: 'format' });
    expect(validateVin('WVWZZZ')).toEqual({ kind: 'format' });
  });
  it('the name defaults to brand and model; with neither it is required', () => {
    expect(validateNickName('', { ...emptyVehicle, brand: 'Fiat', model: 'Panda' })).toBeNull();
    expect(validateNickName('', emptyVehicle)).toEqual({ kind: 'required' });
    expect(
      vehicleBody({ ...emptyVehicle, brand: 'Fiat', model: 'Panda', mileageKm: ' 1200 ', vin: 'zfa' }),
    ).toMatchObject({
      nickName: 'Fiat Panda',
      mileageKm: 1200,
      vin: 'ZFA',
      tankCapacityL: null,
      licensePlate: null,
    });
  });
});
