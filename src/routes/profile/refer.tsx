import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { useId } from 'react';
import { useSession } from '../../features/session/queries';
import { referralLink, shareReferral, validateReferralCode } from '../../features/vouchers/model/referral';
import { referSearch } from '../../features/vouchers/model/search';
import { useEnterReferralCode, useReferral } from '../../features/vouchers/queries';
import { REFERRAL_STATUS_TEXT, ReferralProgress } from '../../features/vouchers/ui/ReferralProgress';
import { REFERRAL_ERROR_TEXT } from '../../features/vouchers/ui/referral-errors';
import { offerPerLitre } from '../../features/vouchers/ui/referral-offer';
import '../../features/vouchers/ui/vouchers.css';
import { errorText } from '../../i18n/messages';
import { ApiError } from '../../lib/http/errors';
import {
  Button,
  Card,
  FormAlert,
  Notice,
  Page,
  Section,
  Skeleton,
  SkeletonList,
  TextField,
  toast,
  useForm,
} from '../../ui';
import { CopyIcon, ShareIcon } from '../../ui/icons';
import { accountFeaturePage, featureGates } from '../-account-page';

export const Route = createFileRoute('/profile/refer')({
  validateSearch: referSearch,
  beforeLoad: accountFeaturePage(featureGates.referAFriend),
  component: Refer,
});

/** Refer-a-friend (§2.4): the own code to share, the friends' progress, and a friend's code to enter. */
function Refer() {
  const { i18n } = useLingui();
  const { referralError, referralCode: refusedCode } = Route.useSearch();
  const record = useSession();
  const program = useReferral(record?.userId ?? null);
  const p = program.data;
  const code = p?.referralCode ?? null;
  // The offer in the driver's currency, as the server pays it (GET referral-program-participation's offer).
  const offer = p?.offer;
  const perLitre = (minor: number) => (offer ? offerPerLitre(offer, minor, i18n.locale) : '');

  async function share(copyOnly: boolean) {
    if (!code || !offer) return;
    const first = perLitre(offer.friendFirstRefuel);
    const text = i18n._(
      msg`Pay for fuel at the pump with Forecourt Pay. Use my code ${code} and get ${first} off your first refuel.`,
    );
    const outcome = await shareReferral(
      { title: i18n._(msg`Refer a friend`), text, url: referralLink(window.location.origin, code) },
      code,
      {
        share: copyOnly || !navigator.share ? undefined : (d) => navigator.share(d),
        canShare: navigator.canShare ? (d) => navigator.canShare(d) : undefined,
        writeText: navigator.clipboard ? (t) => navigator.clipboard.writeText(t) : undefined,
      },
    );
    if (outcome === 'copied') toast.show({ text: i18n._(msg`Your code was copied`), tone: 'success' });
    if (outcome === 'failed') toast.show({ text: i18n._(msg`Your code could not be copied`), tone: 'danger' });
  }

  return (
    <Page
      title={<Trans>Refer a friend</Trans>}
      actions={
        code ? (
          <Button size="lg" onClick={() => void share(false)}>
            <ShareIcon size={20} aria-hidden="true" />
            <Trans>Share your code</Trans>
          </Button>
        ) : null
      }
    >
      <Card>
        {offer ? (
          <ul className="referral-offer" data-testid="referral-offer">
            <OfferLines
              first={perLitre(offer.friendFirstRefuel)}
              after={perLitre(offer.friendAfterThreshold)}
              reward={perLitre(offer.referrer)}
              thresholdLitres={offer.thresholdLitres}
            />
          </ul>
        ) : (
          <SkeletonList rows={2} />
        )}
      </Card>
      {referralError && refusedCode && !p?.referredBy ? (
        <Notice tone="warning">
          <Trans>
            Your account is ready, but your friend's code {refusedCode} could not be used:{' '}
            {i18n._(REFERRAL_ERROR_TEXT[referralError]!)}
          </Trans>
        </Notice>
      ) : null}
      {program.isError && !p ? (
        <Notice
          tone="warning"
          action={
            <Button variant="secondary" size="sm" onClick={() => void program.refetch()}>
              <Trans>Try again</Trans>
            </Button>
          }
        >
          {program.error instanceof ApiError && REFERRAL_ERROR_TEXT[program.error.code] ? (
            i18n._(REFERRAL_ERROR_TEXT[program.error.code]!)
          ) : (
            <Trans>Your referral status could not be loaded.</Trans>
          )}
        </Notice>
      ) : null}
      <Section title={<Trans>Your code</Trans>}>
        {program.isPending ? (
          <Skeleton width="100%" height="3rem" />
        ) : code ? (
          <div className="referral-stack">
            <p className="referral-code" data-testid="referral-code">
              {code}
            </p>
            <Button variant="secondary" onClick={() => void share(true)}>
              <CopyIcon size={20} aria-hidden="true" />
              <Trans>Copy code</Trans>
            </Button>
          </div>
        ) : p ? (
          <Notice tone="info">
            <Trans>Your code is ready after your first payment in the app.</Trans>
          </Notice>
        ) : null}
      </Section>
      {p?.enabled || (p?.progress.friends.length ?? 0) > 0 ? (
        <Section title={<Trans>Your friends</Trans>}>
          <ReferralProgress progress={p!.progress} offer={p!.offer} />
        </Section>
      ) : null}
      {program.isPending ? (
        <SkeletonList rows={1} />
      ) : p?.referredBy ? (
        <Section title={<Trans>Your friend's code</Trans>}>
          <p className="referral-note" data-testid="referred-by">
            <Trans>
              You used the code {p.referredBy.code}: {i18n._(REFERRAL_STATUS_TEXT[p.referredBy.status])}
            </Trans>
          </p>
        </Section>
      ) : p && !p.enabled ? (
        <EnterCode initialCode={referralError ? (refusedCode ?? '') : ''} />
      ) : null}
    </Page>
  );
}

/** The offer's two lines, each amount already formatted per litre ("0,40 kr./l"). */
function OfferLines(props: { first: string; after: string; reward: string; thresholdLitres: number }) {
  const { first, after, reward, thresholdLitres } = props;
  return (
    <>
      <li>
        <Trans>Your friend gets {first} off their first refuel.</Trans>
      </li>
      <li>
        <Trans>
          After {thresholdLitres} l your friend gets {after} off, and you get {reward} off.
        </Trans>
      </li>
    </>
  );
}

/** A new driver enters the code a friend gave them (PUT v4/vouchers/referral-code). */
function EnterCode({ initialCode }: { initialCode: string }) {
  const { i18n } = useLingui();
  const formId = useId();
  const enter = useEnterReferralCode();
  const form = useForm({
    initial: { referralCode: initialCode },
    labels: { referralCode: msg`Referral code` },
    validate: { referralCode: validateReferralCode },
    alertFor: (error) => (error instanceof ApiError && REFERRAL_ERROR_TEXT[error.code]) || errorText(i18n, error),
  });
  const onSubmit = form.handleSubmit(async ({ referralCode }) => {
    await enter.mutateAsync(referralCode.trim());
    toast.show({ text: i18n._(msg`The code was accepted: your discount is in your vouchers`), tone: 'success' });
  });
  return (
    <Section title={<Trans>Got a code from a friend?</Trans>}>
      <form id={formId} noValidate onSubmit={onSubmit} className="referral-stack">
        <FormAlert>{form.alert}</FormAlert>
        <TextField
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          hint={<Trans>8 letters and digits, before your first refuel</Trans>}
          {...form.field('referralCode')}
        />
        <Button type="submit" variant="secondary" loading={form.pending}>
          <Trans>Use code</Trans>
        </Button>
      </form>
    </Section>
  );
}
