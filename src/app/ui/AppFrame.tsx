import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Toaster } from '../../ui';
import { isFullWidth, showsFooter } from '../shell-rules';
import { Footer } from './Footer';

/**
 * The shell around every page (shell-and-account.md §2.3): the skip link, what comes before the page (the top bar,
 * the offline banner), the page in <main>, the footer where the path shows one, then what comes after (the update
 * prompt) and the toasts. The root route renders it with the router's page; the server renders a station link's
 * first screen in it (src/ssr/station-page.tsx), so both are the same markup.
 */
export function AppFrame({
  pathname,
  before,
  after,
  children,
}: {
  pathname: string;
  before?: ReactNode;
  after?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={isFullWidth(pathname) ? 'app app--full' : 'app'}>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      {before}
      <main id="main" className="main" tabIndex={-1}>
        {children}
      </main>
      {showsFooter(pathname) ? <Footer /> : null}
      {after}
      <Toaster />
    </div>
  );
}
