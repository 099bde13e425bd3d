import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PRODUCT_STATUSES } from '../../contract/stations';
import { StatusText } from '../../src/features/stations/ui/StatusText';
import { catalogs } from './catalog';

const { en, fr, pl } = catalogs;

function words(locale: string, messages: typeof en, device: 'pump' | 'charger') {
  i18n.loadAndActivate({ locale, messages });
  return PRODUCT_STATUSES.map((status) => {
    const { container, unmount } = render(
      <I18nProvider i18n={i18n}>
        <StatusText status={status} device={device} />
      </I18nProvider>,
    );
    const text = container.textContent;
    unmount();
    return text;
  });
}

describe('StatusText', () => {
  it('agrees with the device in Polish: a pump (Dystrybutor) is masculine, a charger (Ładowarka) feminine', () => {
    expect(words('pl', pl, 'pump')).toEqual(['Dostępny', 'W użyciu', 'Nieczynny', 'Niedostępny']);
    expect(words('pl', pl, 'charger')).toEqual(['Dostępna', 'W użyciu', 'Nieczynna', 'Niedostępna']);
  });

  it('reads the same for both devices where the language does not inflect', () => {
    expect(words('en', en, 'charger')).toEqual(words('en', en, 'pump'));
    expect(words('en', en, 'pump')).toEqual(['Available', 'In use', 'Out of order', 'Unavailable']);
    expect(words('fr', fr, 'charger')).toEqual(['Disponible', 'Occupée', 'Hors service', 'Indisponible']);
  });
});
