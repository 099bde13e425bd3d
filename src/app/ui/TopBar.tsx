import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useSession } from '../../features/session/queries';
import { LanguageDialog } from '../../features/settings/ui/LanguageDialog';
import { HOME_PATH } from '../leave';
import { navigation } from '../navigation';
import { hasStationReference, type Query } from '../query-carry';
import {
  backTarget,
  payFlowPrevious,
  showsBackButton,
  showsLanguageButton,
  showsProfileButton,
  type TitleKey,
  titleFor,
} from '../shell-rules';

const TITLES: Record<TitleKey, MessageDescriptor> = {
  address: msg`Address`,
  vat: msg`VAT data`,
  settings: msg`Settings`,
  fueling: msg`Fueling`,
  fuelSelection: msg`Select fuel`,
  amountSelection: msg`Select amount`,
  success: msg`Success`,
  washSelection: msg`Select car wash`,
  maintenance: msg`Maintenance`,
  changePassword: msg`Change password`,
};

export function TopBar() {
  const { i18n } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const [languageOpen, setLanguageOpen] = useState(false);
  const record = useSession();
  const isGuest = !record || record.isGuest === true;
  const path = location.pathname;
  const titleKey = titleFor(path);
  const backTo = backTarget(path, navigation.previous()?.path ?? null, payFlowPrevious(path));
  // On the home screen a back that only leads to the start (and so home again) is no back.
  const showsBack =
    showsBackButton(path) && !(path === HOME_PATH && backTo === '/' && !hasStationReference(location.search as Query));
  // "Several pages hide the top bar": a bar with nothing to show is not drawn.
  if (!titleKey && !showsBack && !showsProfileButton(path) && !showsLanguageButton(path)) return null;

  return (
    <header className="top-bar">
      <div className="top-bar-start">
        {showsBack ? (
          <button
            type="button"
            className="icon-button"
            aria-label={i18n._(msg`Back`)}
            onClick={() => void navigate({ to: backTo })}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" width="24" height="24">
              <path d="M15.4 5.4 14 4l-8 8 8 8 1.4-1.4L8.8 12z" fill="currentColor" />
            </svg>
          </button>
        ) : null}
        {showsProfileButton(path) ? (
          <button
            type="button"
            className="icon-button"
            aria-label={i18n._(msg`Profile`)}
            // "Profile button: to /login for guests, /profile otherwise" (settings stands in until the profile exists).
            onClick={() => void navigate({ to: isGuest ? '/login' : '/settings' })}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true" width="24" height="24">
              <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm0 2c-4 0-8 2-8 5v1h16v-1c0-3-4-5-8-5z" fill="currentColor" />
            </svg>
          </button>
        ) : null}
      </div>
      {/* Not a heading: every page has its own h1 (the settings page a hidden one). */}
      <p className="top-bar-title">{titleKey ? i18n._(TITLES[titleKey]) : null}</p>
      <div className="top-bar-end">
        {showsLanguageButton(path) ? (
          <>
            <button
              type="button"
              className="language-button"
              aria-label={i18n._(msg`Change language`)}
              onClick={() => setLanguageOpen(true)}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" width="20" height="20">
                <path
                  d="M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2c1 1.3 1.8 3.3 2 6h-4c.2-2.7 1-4.7 2-6zm-2.8.5A13 13 0 0 0 8 10H4.3a8 8 0 0 1 4.9-5.5zm5.6 0a8 8 0 0 1 4.9 5.5H16a13 13 0 0 0-1.2-5.5zM4.3 12H8c.1 2.3.6 4.2 1.2 5.5A8 8 0 0 1 4.3 12zm5.7 0h4c-.2 2.7-1 4.7-2 6-1-1.3-1.8-3.3-2-6zm6 0h3.7a8 8 0 0 1-4.9 5.5c.6-1.3 1.1-3.2 1.2-5.5z"
                  fill="currentColor"
                />
              </svg>
              <span>{i18n.locale.toUpperCase()}</span>
            </button>
            <LanguageDialog open={languageOpen} onClose={() => setLanguageOpen(false)} />
          </>
        ) : null}
      </div>
    </header>
  );
}
