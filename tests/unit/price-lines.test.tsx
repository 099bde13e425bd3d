import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AvailableItem } from '../../contract/stations';
import { PriceLines } from '../../src/features/stations/ui/PriceLines';

const item: AvailableItem = {
  itemCode: 'CCS_150',
  marketingName: 'CCS 150 kW',
  price: 59,
  currency: 'EUR',
  precision: 2,
  unit: 'KWH',
  details: { standard: 'CCS', power: 150 },
  priceElements: [
    { priceComponents: [{ type: 'ENERGY', price: 59, precision: 2, unit: 'KWH' }] },
    {
      restrictions: { startTime: '22:00', endTime: '06:00' },
      priceComponents: [{ type: 'ENERGY', price: 49, precision: 2, unit: 'KWH' }],
    },
    { priceComponents: [{ type: 'FLAT', price: 49, precision: 2, unit: 'COUNT' }] },
    {
      restrictions: { maxDuration: 120 },
      priceComponents: [{ type: 'PARKING_TIME', price: 0, precision: 2, unit: 'MIN' }],
    },
    {
      restrictions: { startTime: '08:00', endTime: '20:00' },
      priceComponents: [{ type: 'PARKING_TIME', price: 10, precision: 2, unit: 'MIN' }],
    },
    { restrictions: { maxDuration: 240 }, priceComponents: [{ type: 'TIME', price: 5, precision: 2, unit: 'MIN' }] },
  ],
};

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en-GB', messages: {} });
});

function renderLines(value: AvailableItem) {
  render(
    <I18nProvider i18n={i18n}>
      <PriceLines item={value} />
    </I18nProvider>,
  );
  return screen.getAllByRole('listitem').map((li) => li.textContent?.replace(/\s+/g, ' ').trim());
}

describe('EV price texts (pay-flows.md §2, §5)', () => {
  it('shows energy, parking, session fee and blocking fee with their time windows', () => {
    expect(renderLines(item)).toEqual([
      'Energy: €0.59 per kWh',
      'Energy: €0.49 per kWh (22:00–06:00)',
      'Session fee: €0.49',
      'Free parking for 2 h',
      'Parking: €0.10 per min (08:00–20:00)',
      'Blocking fee: €0.05 per min after 240 min',
    ]);
  });
  it('falls back to the unit price when there are no price elements', () => {
    expect(renderLines({ ...item, priceElements: undefined })).toEqual(['Energy: €0.59 per kWh']);
  });
});
