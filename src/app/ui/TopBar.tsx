import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../../features/session/queries';
import { IconButton } from '../../ui';
import { BackIcon, LanguageIcon, UserIcon } from '../../ui/icons';
import { HOME_PATH } from '../home';
import { navigation } from '../navigation';
import { hasStationReference, type Query } from '../query-carry';
import {
  backTarget,
  payFlowPrevious,
  showsBackButton,
  showsLanguageButton,
  showsProfileButton,
  showsSupportWidget,
  type TitleKey,
  titleFor,
} from '../shell-rules';
import { SupportWidget } from './SupportWidget';

// The language sheet (a bottom sheet with a radio list) loads when the driver reaches for the button, not with the
// first screen of every page.
const loadLanguageSheet = () => import('../../features/settings/ui/LanguageSheet');
const LanguageSheet = lazy(() => loadLanguageSheet().then((m) => ({ default: m.LanguageSheet })));

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
  history: msg`History`,
  profile: msg`Profile`,
  tutorials: msg`Tutorials`,
};

/** The shell's top bar (shell-and-account.md §2.3): back or profile on the left, the route's title, language. */
export function TopBar() {
  const { i18n } = useLingui();
  const location = useLocation();
  const navigate = useNavigate();
  const record = useSession();
  const isGuest = !record || record.isGuest === true;
  const [languageOpen, setLanguageOpen] = useState(false);
  // Mounted from the first opening on (and kept, so closing animates and gives focus back like any sheet).
  const [languageUsed, setLanguageUsed] = useState(false);
  const path = location.pathname;
  const titleKey = titleFor(path);
  const backTo = backTarget(path, navigation.previous()?.path ?? null, payFlowPrevious(path));
  // On the home screen a back that only leads to the start (and so home again) is no back.
  const showsBack =
    showsBackButton(path) && !(path === HOME_PATH && backTo === '/' && !hasStationReference(location.search as Query));
  // "Several pages hide the top bar": a bar with nothing to show is not drawn.
  const help = showsSupportWidget(path);
  if (!titleKey && !showsBack && !showsProfileButton(path) && !showsLanguageButton(path) && !help) return null;

  return (
    <header className="top-bar">
      <div className="top-bar-start">
        {showsBack ? (
          <IconButton
            label={i18n._(msg`Back`)}
            icon={<BackIcon size={24} />}
            // Read at the click: the page renders before navigation records its arrival, so backTo (from render
            // time) may still name the page before the previous one.
            onClick={() =>
              void navigate({ to: backTarget(path, navigation.previous()?.path ?? null, payFlowPrevious(path)) })
            }
          />
        ) : null}
        {showsProfileButton(path) ? (
          <IconButton
            label={i18n._(msg`Profile`)}
            icon={<UserIcon size={24} />}
            // "Profile button: to /login for guests, /profile otherwise".
            onClick={() => void navigate({ to: isGuest ? '/login' : '/profile' })}
          />
        ) : null}
      </div>
      {/* Not a heading: every page has its own h1. */}
      <p className="top-bar-title">{titleKey ? i18n._(TITLES[titleKey]) : null}</p>
      <div className="top-bar-end">
        {help ? <SupportWidget /> : null}
        {showsLanguageButton(path) ? (
          <>
            {/* The visible code is part of the name (WCAG 2.5.3 label in name): "EN Change language". */}
            <button
              type="button"
              className="language-button"
              onPointerDown={() => void loadLanguageSheet()}
              onFocus={() => void loadLanguageSheet()}
              onClick={() => {
                setLanguageUsed(true);
                setLanguageOpen(true);
              }}
            >
              <LanguageIcon size={20} aria-hidden="true" />
              <span>{i18n.locale.toUpperCase()}</span>
              <span className="visually-hidden">
                {' '}
                <Trans>Change language</Trans>
              </span>
            </button>
            {languageUsed ? (
              <Suspense fallback={null}>
                <LanguageSheet open={languageOpen} onClose={() => setLanguageOpen(false)} />
              </Suspense>
            ) : null}
          </>
        ) : null}
      </div>
    </header>
  );
}
