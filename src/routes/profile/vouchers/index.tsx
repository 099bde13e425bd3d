import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { CampaignParticipation } from '../../../../contract/vouchers';
import { useFeatures, useSession, useUser } from '../../../features/session/queries';
import { useGiftCards, useVouchers } from '../../../features/vouchers/queries';
import { GiftCardList } from '../../../features/vouchers/ui/GiftCardList';
import { VoucherSheet } from '../../../features/vouchers/ui/VoucherSheet';
import { Button, buttonClass, EmptyState, List, ListItem, Notice, Page, Section, SkeletonList } from '../../../ui';
import { PlusIcon, TicketIcon } from '../../../ui/icons';
import { accountPage, featureGates } from '../../-account-page';

export const Route = createFileRoute('/profile/vouchers/')({
  beforeLoad: accountPage,
  component: Vouchers,
});

/** The driver's voucher cards (§2.4 Vouchers): tap one for its detail and to switch it on or off. */
function Vouchers() {
  const { i18n } = useLingui();
  const record = useSession();
  const list = useVouchers(record?.userId ?? null);
  const [openId, setOpenId] = useState<string | null>(null);
  const open = list.data?.find((v) => v.id === openId) ?? null;
  // Gift cards are part of the store only where the account has the gift-card shop (§6).
  const features = useFeatures(useUser(record?.userId).data?.accountId);
  const giftOn = !!features.data && featureGates.giftCards(features.data);
  const gifts = useGiftCards(record?.userId ?? null, giftOn);
  const status = (v: CampaignParticipation) =>
    v.usesLeft === 0 ? i18n._(msg`Used`) : v.active ? i18n._(msg`On`) : i18n._(msg`Off`);
  return (
    <Page
      title={<Trans>Vouchers</Trans>}
      actions={
        <Link to="/profile/vouchers/add" className={buttonClass({ size: 'lg' })}>
          <PlusIcon size={20} aria-hidden="true" />
          <Trans>Add a voucher code</Trans>
        </Link>
      }
    >
      {list.isError && !list.data ? (
        <Notice
          tone="warning"
          action={
            <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          }
        >
          <Trans>Your vouchers could not be loaded.</Trans>
        </Notice>
      ) : list.isPending ? (
        <SkeletonList rows={3} />
      ) : list.data.length === 0 ? (
        <EmptyState
          icon={<TicketIcon size={32} />}
          title={<Trans>No vouchers yet</Trans>}
          description={<Trans>Add a voucher code, and its discount is taken off when you pay.</Trans>}
        />
      ) : (
        <List>
          {list.data.map((v) => (
            <ListItem
              key={v.id}
              leading={<TicketIcon size={20} />}
              title={v.name}
              subtitle={v.label}
              trailing={
                <span className={v.active && v.usesLeft !== 0 ? 'voucher-label' : 'voucher-off'}>{status(v)}</span>
              }
              onClick={() => setOpenId(v.id)}
            />
          ))}
        </List>
      )}
      {giftOn && (gifts.data?.length ?? 0) > 0 ? (
        <Section title={<Trans>Gift cards</Trans>}>
          <GiftCardList cards={gifts.data!} />
        </Section>
      ) : null}
      <VoucherSheet voucher={open} onClose={() => setOpenId(null)} />
    </Page>
  );
}
