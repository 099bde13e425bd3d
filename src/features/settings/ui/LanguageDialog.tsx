import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { activateLanguage } from '../../../i18n';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../../i18n/language';
import { Dialog } from '../../../ui/Dialog';

export function LanguageList({ onChosen }: { onChosen?: () => void }) {
  const { i18n } = useLingui();
  const name = useId();
  return (
    <fieldset className="language-list">
      <legend className="visually-hidden">
        <Trans>Language</Trans>
      </legend>
      {LANGUAGES.map((language: Language) => (
        <label key={language} className="choice">
          <input
            type="radio"
            name={name}
            value={language}
            checked={i18n.locale === language}
            onChange={() => {
              void activateLanguage(language, true).then(() => onChosen?.());
            }}
          />
          <span lang={language}>{LANGUAGE_NAMES[language]}</span>
        </label>
      ))}
    </fieldset>
  );
}

export function LanguageDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} labelledBy={titleId}>
      <h2 id={titleId}>
        <Trans>Choose your language</Trans>
      </h2>
      <LanguageList onChosen={onClose} />
      <button type="button" className="button secondary" onClick={onClose}>
        <Trans>Close</Trans>
      </button>
    </Dialog>
  );
}
