import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { type ReactNode, useState } from 'react';
import type { Lottery } from '../../../contract/benefits';
import { useJoinLottery, useRewardsStatus } from '../../features/benefits/queries';
import { consentRequiredText, joinErrorText } from '../../features/benefits/ui/lottery-errors';
import '../../features/benefits/ui/benefits.css';
import { useOwnUser } from '../../features/profile/ui/use-own-user';
import { useFeatures } from '../../features/session/queries';
import { useOnline } from '../../lib/use-online';
import { Button, Card, Checkbox, EmptyState, FormAlert, Notice, Page, SkeletonList } from '../../ui';
import { LotteryIcon } from '../../ui/icons';
import { accountPage } from '../-account-page';

export const Route = createFileRoute('/profile/benefits')({
  beforeLoad: accountPage,
  component: Benefits,
});

/**
 * The lottery benefit (shell-and-account.md §2.4 "Lottery: join and view the lottery"), offered to accounts with the
 * gamification feature (§3 Account features). Joining needs consent to the lottery's terms.
 */
function Benefits() {
  const { i18n } = useLingui();
  const online = useOnline();
  const user = useOwnUser().data;
  const features = useFeatures(user?.accountId);
  const on = features.data?.gamification === true;
  const status = useRewardsStatus(user?.id ?? null, i18n.locale, on);
  const join = useJoinLottery();
  const [consent, setConsent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const lotteries = status.data?.lotteries ?? [];
  const joinable = lotteries.find((l) => l.status === 'RUNNING' && !l.hasJoined);

  async function onJoin() {
    if (!joinable) return;
    if (!consent) {
      setProblem(consentRequiredText(i18n));
      return;
    }
    setProblem(null);
    try {
      await join.mutateAsync({ name: joinable.name, consent });
    } catch (error) {
      setProblem(joinErrorText(i18n, error));
    }
  }

  let body: ReactNode;
  if (features.data && !on) {
    body = (
      <Notice tone="info">
        <Trans>Benefits are not offered for your account.</Trans>
      </Notice>
    );
  } else if (status.data) {
    body =
      lotteries.length === 0 ? (
        <EmptyState
          icon={<LotteryIcon size={32} />}
          title={<Trans>No lottery right now</Trans>}
          description={<Trans>The next lottery will be shown here.</Trans>}
        />
      ) : (
        lotteries.map((l) => (
          <LotteryCard key={l.id} lottery={l}>
            {l === joinable ? (
              <>
                <Checkbox
                  label={l.terms}
                  checked={consent}
                  onChange={(e) => {
                    setConsent(e.target.checked);
                    if (e.target.checked) setProblem(null);
                  }}
                  error={problem === consentRequiredText(i18n) ? problem : null}
                />
                {problem && problem !== consentRequiredText(i18n) ? <FormAlert>{problem}</FormAlert> : null}
              </>
            ) : null}
          </LotteryCard>
        ))
      );
  } else if (status.isError || features.isError || !online) {
    body = (
      <Notice
        tone="warning"
        action={
          online ? (
            <Button variant="secondary" size="sm" onClick={() => void status.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          ) : undefined
        }
      >
        {online ? <Trans>Your benefits could not be loaded.</Trans> : <Trans>You are offline</Trans>}
      </Notice>
    );
  } else {
    body = <SkeletonList rows={3} />;
  }

  return (
    <Page
      title={<Trans>Benefits</Trans>}
      actions={
        joinable && on ? (
          <Button size="lg" loading={join.isPending} disabled={!online} onClick={() => void onJoin()}>
            <Trans>Join the lottery</Trans>
          </Button>
        ) : undefined
      }
    >
      {body}
      {joinable && on && !online ? (
        <Notice tone="info" live="none">
          <Trans>You are offline</Trans>
        </Notice>
      ) : null}
    </Page>
  );
}

function LotteryCard({ lottery, children }: { lottery: Lottery; children?: ReactNode }) {
  const { i18n } = useLingui();
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'long' }).format(new Date(iso));
  const endsOn = date(new Date(new Date(lottery.endsAt).getTime() - 1).toISOString());
  return (
    <Card className="lottery-card">
      <h2>{lottery.title}</h2>
      <p className="lottery-prize">
        <LotteryIcon size={20} aria-hidden="true" />
        {lottery.prize}
      </p>
      <p>{lottery.description}</p>
      <dl className="lottery-dates">
        <div>
          <dt>
            <Trans>Open until</Trans>
          </dt>
          <dd>{endsOn}</dd>
        </div>
        <div>
          <dt>
            <Trans>Draw on</Trans>
          </dt>
          <dd>{date(lottery.drawAt)}</dd>
        </div>
      </dl>
      {lottery.hasJoined ? (
        <Notice tone="success" live="status">
          {lottery.status === 'DRAWN' ? (
            <Trans>You took part in this draw.</Trans>
          ) : (
            <Trans>You are in the draw. Good luck!</Trans>
          )}
          {lottery.joinedAt ? (
            <>
              {' '}
              <Trans>Joined on {date(lottery.joinedAt)}.</Trans>
            </>
          ) : null}
        </Notice>
      ) : lottery.status === 'UPCOMING' ? (
        <Notice tone="info" live="none">
          <Trans>Opens on {date(lottery.startsAt)}.</Trans>
        </Notice>
      ) : lottery.status === 'DRAWN' ? (
        <Notice tone="info" live="none">
          <Trans>This lottery is closed.</Trans>
        </Notice>
      ) : null}
      {children}
    </Card>
  );
}
