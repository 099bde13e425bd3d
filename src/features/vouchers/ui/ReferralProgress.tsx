// The friends a driver referred (§2.4 Refer-a-friend: "progress, with statuses accepted, completed and in progress").
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { ReferralParticipation, ReferralStatus } from '../../../../contract/vouchers';
import { formatQuantity } from '../../../lib/money';
import { List, ListItem } from '../../../ui';
import { UserIcon } from '../../../ui/icons';
import { offerPerLitre } from './referral-offer';
import './vouchers.css';

export const REFERRAL_STATUS_TEXT: Record<ReferralStatus, MessageDescriptor> = {
  ACCEPTED: msg`Accepted`,
  IN_PROGRESS: msg`In progress`,
  COMPLETED: msg`Completed`,
};

export function ReferralProgress({
  progress,
  offer,
}: {
  progress: ReferralParticipation['progress'];
  offer: ReferralParticipation['offer'];
}) {
  const { i18n } = useLingui();
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium' }).format(new Date(iso));
  const threshold = offer.thresholdLitres;
  const reward = offerPerLitre(offer, offer.referrer, i18n.locale);
  return (
    <div className="referral-stack">
      <dl className="referral-counts">
        <div>
          <dt>
            <Trans>Accepted</Trans>
          </dt>
          <dd>{progress.accepted}</dd>
        </div>
        <div>
          <dt>
            <Trans>In progress</Trans>
          </dt>
          <dd>{progress.inProgress}</dd>
        </div>
        <div>
          <dt>
            <Trans>Completed</Trans>
          </dt>
          <dd>{progress.completed}</dd>
        </div>
      </dl>
      {progress.friends.length === 0 ? (
        <p className="referral-note">
          <Trans>No friend has used your code yet.</Trans>
        </p>
      ) : (
        <List>
          {progress.friends.map((f) => {
            const litres = formatQuantity(Math.min(f.litres, threshold), i18n.locale);
            return (
              <ListItem
                key={f.id}
                leading={<UserIcon size={20} />}
                title={<Trans>Friend since {date(f.acceptedAt)}</Trans>}
                subtitle={
                  f.status === 'COMPLETED' ? (
                    <Trans>
                      Fuelled {threshold} l: your {reward} discount is in your vouchers
                    </Trans>
                  ) : (
                    <Trans>
                      {litres} of {threshold} l fuelled
                    </Trans>
                  )
                }
                trailing={
                  <span className={f.status === 'COMPLETED' ? 'voucher-label' : 'voucher-off'}>
                    {i18n._(REFERRAL_STATUS_TEXT[f.status])}
                  </span>
                }
              />
            );
          })}
        </List>
      )}
    </div>
  );
}
