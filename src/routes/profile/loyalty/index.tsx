import { Trans } from '@lingui/react/macro';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { LoyaltySubscription } from '../../../../contract/loyalty';
import { useLoyaltyCards, useLoyaltyPrograms, useRemoveLoyaltyCard } from '../../../features/loyalty/queries';
import { ProgramIcon } from '../../../features/loyalty/ui/ProgramIcon';
import '../../../features/loyalty/ui/loyalty.css';
import { useSession } from '../../../features/session/queries';
import { Button, Dialog, EmptyState, List, ListItem, Notice, Page, SkeletonList } from '../../../ui';
import { StarIcon } from '../../../ui/icons';
import { accountFeaturePage, featureGates } from '../../-account-page';

export const Route = createFileRoute('/profile/loyalty/')({
  beforeLoad: accountFeaturePage(featureGates.loyalty),
  component: Loyalty,
});

/** The driver's loyalty cards and the programs to add one of (§2.4 Loyalty). */
function Loyalty() {
  const record = useSession();
  const cards = useLoyaltyCards(record?.userId ?? null);
  const programs = useLoyaltyPrograms();
  const remove = useRemoveLoyaltyCard();
  const [removing, setRemoving] = useState<LoyaltySubscription | null>(null);
  const titleId = useId();
  const owned = new Set((cards.data ?? []).map((c) => c.provider));
  const addable = (programs.data ?? []).filter((p) => !owned.has(p.provider));
  return (
    <Page title={<Trans>Loyalty cards</Trans>}>
      {cards.isError ? (
        <Notice tone="warning">
          <Trans>Your loyalty cards could not be loaded.</Trans>
        </Notice>
      ) : cards.isPending ? (
        <SkeletonList rows={2} />
      ) : cards.data.length === 0 ? (
        <EmptyState
          icon={<StarIcon size={32} />}
          title={<Trans>No loyalty cards yet</Trans>}
          description={<Trans>Add your card and collect points every time you pay in the app.</Trans>}
        />
      ) : (
        <List header={<Trans>Your cards</Trans>}>
          {cards.data.map((c) => (
            <ListItem
              key={c.id}
              leading={<ProgramIcon icon={c.icon} />}
              title={c.programName}
              subtitle={c.details.cardNumber}
              trailing={<Trans>Remove</Trans>}
              onClick={() => setRemoving(c)}
            />
          ))}
        </List>
      )}
      {addable.length > 0 ? (
        <List header={<Trans>Add a card</Trans>}>
          {addable.map((p) => (
            <ListItem
              key={p.id}
              leading={<ProgramIcon icon={p.icon} />}
              title={p.name}
              subtitle={p.canCreateAccount ? <Trans>Add your card or create an account</Trans> : undefined}
              render={(row) => <Link to="/profile/loyalty/add" search={{ loyaltyProgramId: p.provider }} {...row} />}
            />
          ))}
        </List>
      ) : null}
      <Dialog open={removing !== null} onClose={() => setRemoving(null)} labelledBy={titleId}>
        <h2 id={titleId}>
          <Trans>Remove your {removing?.programName} card?</Trans>
        </h2>
        <p>
          <Trans>Payments in the app no longer collect points for it. You can add it again later.</Trans>
        </p>
        <div className="actions">
          <Button
            variant="danger"
            loading={remove.isPending}
            onClick={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })}
          >
            <Trans>Remove card</Trans>
          </Button>
          <Button variant="secondary" onClick={() => setRemoving(null)}>
            <Trans>Cancel</Trans>
          </Button>
        </div>
      </Dialog>
    </Page>
  );
}
