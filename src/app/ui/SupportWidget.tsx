import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useId, useState } from 'react';
import { Dialog } from '../../ui';
import { HelpIcon } from '../../ui/icons';

// The panel's content loads when it is asked for: the button is on /landing's first screen, the panel rarely opened.
const SupportPanel = lazy(() => import('./SupportPanel'));

/**
 * The support widget slot: a help panel with the account's hotline and the hours (shell-and-account.md §9). It sits in
 * the top bar: a floating button covered the sticky action bar, where the primary action is.
 */
export function SupportWidget() {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  return (
    <>
      <button type="button" className="language-button" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <HelpIcon size={20} aria-hidden="true" />
        <Trans>Help</Trans>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} labelledBy={titleId}>
        <Suspense fallback={null}>
          <SupportPanel titleId={titleId} onClose={() => setOpen(false)} />
        </Suspense>
      </Dialog>
    </>
  );
}
