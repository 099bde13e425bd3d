import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { useFeatures, useSession, useUser } from '../../features/session/queries';
import { Button, Dialog } from '../../ui';
import { HelpIcon } from '../../ui/icons';
import { isHotlineOpen } from '../shell-rules';

/**
 * The support widget slot: a help panel with the account's hotline and the hours (shell-and-account.md §9). It sits in
 * the top bar: a floating button covered the sticky action bar, where the primary action is.
 */
export function SupportWidget() {
  const [open, setOpen] = useState(false);
  const titleId = useId();
  const record = useSession();
  const user = useUser(record?.userId);
  const features = useFeatures(user.data?.accountId);
  const hotline = features.data?.helpScreen.supportHotline ?? null;
  const openNow = isHotlineOpen(new Date());

  return (
    <>
      <button type="button" className="language-button" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <HelpIcon size={20} aria-hidden="true" />
        <Trans>Help</Trans>
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} labelledBy={titleId}>
        <h2 id={titleId}>
          <Trans>Need help?</Trans>
        </h2>
        {hotline ? (
          <p>
            <Trans>Call our hotline:</Trans>{' '}
            <a className="hotline" href={`tel:${hotline.replace(/\s+/g, '')}`}>
              {hotline}
            </a>
          </p>
        ) : (
          <p>
            <Trans>Log in to see the hotline of your account.</Trans>
          </p>
        )}
        <p>
          <Trans>Our team is there for you Monday to Friday, 9:00 to 18:00 (GMT+2).</Trans>
        </p>
        <p className={openNow ? 'status-open' : 'status-closed'}>
          {openNow ? <Trans>The hotline is open now.</Trans> : <Trans>The hotline is closed now.</Trans>}
        </p>
        <Button onClick={() => setOpen(false)}>
          <Trans>Close</Trans>
        </Button>
      </Dialog>
    </>
  );
}
