import { useLingui } from '@lingui/react';
import { COUNTRIES } from '../../../../contract/users';
import { type BoundField, SelectField } from '../../../ui';

/** One of the spec's countries (§9), named in the app's language; chosen from a bottom sheet. */
export function CountryField(props: BoundField) {
  const { i18n } = useLingui();
  const names = new Intl.DisplayNames([i18n.locale], { type: 'region' });
  const options = COUNTRIES.map((code) => ({ value: code, title: names.of(code) ?? code })).sort((a, b) =>
    a.title.localeCompare(b.title, i18n.locale),
  );
  return <SelectField {...props} options={options} />;
}
