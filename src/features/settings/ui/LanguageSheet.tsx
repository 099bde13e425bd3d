import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { activateLanguage } from '../../../i18n';
import { isLanguage, LANGUAGE_NAMES, LANGUAGES } from '../../../i18n/language';
import { BottomSheet, RadioList, RadioOption } from '../../../ui';

/** The nine languages by their own names (a driver finds their own language in any language). */
export function LanguagePicker({ onPicked }: { onPicked?: () => void }) {
  const { i18n } = useLingui();
  const choose = (value: string) => {
    if (isLanguage(value)) void activateLanguage(value, true);
  };
  return (
    <RadioList
      label={i18n._(msg`Language`)}
      hideLabel
      value={i18n.locale}
      onChange={choose}
      onPick={() => onPicked?.()}
    >
      {LANGUAGES.map((language) => (
        <RadioOption key={language} value={language} title={<span lang={language}>{LANGUAGE_NAMES[language]}</span>} />
      ))}
    </RadioList>
  );
}

/** "Language switching" as a picker sheet: the top bar's language button and the settings row open it. */
export function LanguageSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <BottomSheet open={open} onClose={onClose} title={<Trans>Choose your language</Trans>}>
      <LanguagePicker onPicked={onClose} />
    </BottomSheet>
  );
}

/** The active language's own name. */
export function useLanguageName(): string {
  const { i18n } = useLingui();
  return isLanguage(i18n.locale) ? LANGUAGE_NAMES[i18n.locale] : i18n.locale;
}
