import { Trans } from '@lingui/react/macro';
import { useFeatures, useSession, useUser } from '../../features/session/queries';
import { Button } from '../../ui';
import { isHotlineOpen } from '../shell-rules';

/** The support widget's panel (inside its dialog): the account's hotline, the hours, whether it is open now. */
export default function SupportPanel({ titleId, onClose }: { titleId: string; onClose: () => void }) {
  const record = useSession();
  const user = useUser(record?.userId);
  const features = useFeatures(user.data?.accountId);
  const hotline = features.data?.helpScreen.supportHotline ?? null;
  const openNow = isHotlineOpen(new Date());
  return (
    <>
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
      <Button onClick={onClose}>
        <Trans>Close</Trans>
      </Button>
    </>
  );
}
