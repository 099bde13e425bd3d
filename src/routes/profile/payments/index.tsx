import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useId, useState } from 'react';
import type { PaymentMethod } from '../../../../contract/orders';
import { isEditable, methodName } from '../../../features/payment-methods/model/names';
import {
  limitQuery,
  paymentMethodsQuery,
  useDeactivate,
  useSetPreferred,
} from '../../../features/payment-methods/queries';
import { AddMethodSheet } from '../../../features/payment-methods/ui/AddMethodSheet';
import { MethodIcon } from '../../../features/payment-methods/ui/MethodIcon';
import {
  biometricsSupported,
  hasBiometricsQuery,
  registerBiometrics,
  webauthnKeys,
} from '../../../features/payment-methods/webauthn';
import { useSession } from '../../../features/session/queries';
import { errorText } from '../../../i18n/messages';
import { formatMoney } from '../../../lib/money';
import { useOnline } from '../../../lib/use-online';
import {
  BottomSheet,
  Button,
  buttonClass,
  Dialog,
  EmptyState,
  FormAlert,
  List,
  ListItem,
  Loading,
  Notice,
  Page,
  Section,
  SkeletonList,
  toast,
} from '../../../ui';
import { CardIcon, EditIcon, LockIcon, PlusIcon, StarIcon, TrashIcon } from '../../../ui/icons';
import './-components/payments.css';

export const Route = createFileRoute('/profile/payments/')({
  component: PaymentMethodsPage,
});

/**
 * The driver's payment methods: preferred first, each with its actions in a sheet; "Add payment method" in the sticky
 * bar opens the picker of the ways to add one. Without signal the list shows as last loaded (the persisted query
 * cache) and every change waits for a connection, with the reason on screen.
 */
function PaymentMethodsPage() {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const online = useOnline();
  const record = useSession();
  // Always asked again on this screen (the persisted cache may be older than the last change, a page reload); what the
  // cache holds shows meanwhile, and stays when the server cannot be reached.
  const methods = useQuery({ ...paymentMethodsQuery(record?.userId ?? ''), enabled: !!record?.userId, staleTime: 0 });
  const limit = useQuery(limitQuery());
  const setPreferred = useSetPreferred();
  const deactivate = useDeactivate();
  const [open, setOpen] = useState<PaymentMethod | null>(null);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const confirmId = useId();
  const list = methods.data ?? [];
  const limitReached = limit.data?.isLimitExceeded === true;
  const offlineReason = i18n._(OFFLINE_CHANGES);

  function makePreferred(method: PaymentMethod) {
    setOpen(null);
    setAlert(null);
    setPreferred.mutate(
      { id: method.id },
      {
        onSuccess: () => {
          const name = methodName(method);
          toast.show({ text: i18n._(msg`${name} is now your preferred payment method`) });
        },
        onError: (error) => setAlert(errorText(i18n, error)),
      },
    );
  }
  function remove(method: PaymentMethod) {
    setRemoving(null);
    setAlert(null);
    deactivate.mutate(
      { id: method.id },
      {
        onSuccess: () => {
          const name = methodName(method);
          toast.show({ text: i18n._(msg`${name} was removed`) });
        },
        onError: (error) =>
          setAlert(
            error.status === 409
              ? i18n._(msg`Choose another preferred payment method before you remove this one.`)
              : errorText(i18n, error),
          ),
      },
    );
  }

  return (
    <Page
      title={<Trans>Payment methods</Trans>}
      description={<Trans>Your cards and wallets for paying at the pump.</Trans>}
      actions={
        <Button
          size="lg"
          fullWidth
          icon={<PlusIcon size={20} aria-hidden="true" />}
          aria-haspopup="dialog"
          disabled={!online || limitReached || limit.isPending}
          onClick={() => setAdding(true)}
        >
          <Trans>Add payment method</Trans>
        </Button>
      }
    >
      <FormAlert>{alert}</FormAlert>
      {online ? null : (
        <Notice tone="info" live="none" title={<Trans>You are offline</Trans>}>
          {offlineReason}
        </Notice>
      )}
      {limitReached ? (
        <Notice tone="info" live="none">
          <Trans>You have reached the limit of addable payments methods</Trans>
        </Notice>
      ) : null}
      {methods.data === undefined && methods.isPending && !methods.isPaused ? (
        <Loading label={i18n._(msg`Loading your payment methods…`)}>
          <SkeletonList rows={2} />
        </Loading>
      ) : methods.data === undefined ? (
        // Nothing kept to show: the server's refusal, or (offline, never loaded) the offline notice above says why.
        methods.isError && online ? (
          <Notice tone="danger">{errorText(i18n, methods.error)}</Notice>
        ) : null
      ) : list.length === 0 ? (
        <EmptyState
          icon={<CardIcon size={32} />}
          title={<Trans>No payment methods yet</Trans>}
          description={<Trans>Add a card to pay at the pump with one tap.</Trans>}
          action={
            online && !limitReached ? (
              <Button variant="secondary" onClick={() => void navigate({ to: '/profile/payments/payment-register' })}>
                <Trans>Add a card</Trans>
              </Button>
            ) : undefined
          }
        />
      ) : (
        <List className="payment-methods">
          {list.map((method) => (
            <ListItem
              key={method.id}
              leading={<MethodIcon method={method.method} />}
              title={methodName(method)}
              subtitle={
                <>
                  <Expires expiry={method.details.expiry} />
                  <MethodDetail method={method} />
                  {method.isPreferred ? (
                    <span className="method-preferred-mark">
                      <StarIcon size={12} aria-hidden="true" />
                      <Trans>Preferred</Trans>
                    </span>
                  ) : null}
                </>
              }
              chevron
              render={(props) => (
                <button type="button" {...props} aria-haspopup="dialog" onClick={() => setOpen(method)} />
              )}
            />
          ))}
        </List>
      )}
      <Section title={<Trans>Security</Trans>}>
        <List>
          <ListItem
            leading={<LockIcon size={22} />}
            title={<Trans>Payment PIN</Trans>}
            subtitle={<Trans>Asked before paying with cards that need it</Trans>}
            chevron
            render={(props) => <Link to="/profile/payments/pin" {...props} />}
          />
          <Biometrics userId={record?.userId ?? null} />
        </List>
      </Section>
      <AddMethodSheet open={adding} onClose={() => setAdding(false)} />
      <BottomSheet
        open={!!open}
        onClose={() => setOpen(null)}
        title={open ? methodName(open) : ''}
        description={open?.details.expiry ? <Expires expiry={open.details.expiry} /> : undefined}
      >
        {open ? (
          <div className="method-actions">
            {online ? null : (
              <p className="method-actions-note">
                <Trans>You are offline: changes need a connection.</Trans>
              </p>
            )}
            {open.isPreferred ? (
              <p className="method-actions-note">
                <Trans>This is your preferred payment method.</Trans>
              </p>
            ) : (
              <Button
                variant="secondary"
                fullWidth
                icon={<StarIcon size={18} aria-hidden="true" />}
                loading={setPreferred.isPending}
                disabled={!online}
                onClick={() => makePreferred(open)}
              >
                <Trans>Set as preferred</Trans>
              </Button>
            )}
            {isEditable(open) && online ? (
              <Link
                to="/profile/payments/edit/$id"
                params={{ id: open.id }}
                className={buttonClass({ variant: 'secondary', fullWidth: true })}
              >
                <EditIcon size={18} aria-hidden="true" />
                <Trans>Edit card details</Trans>
              </Link>
            ) : null}
            <Button
              variant="danger"
              fullWidth
              icon={<TrashIcon size={18} aria-hidden="true" />}
              disabled={!online}
              onClick={() => {
                setRemoving(open);
                setOpen(null);
              }}
            >
              <Trans>Remove</Trans>
            </Button>
          </div>
        ) : null}
      </BottomSheet>
      <Dialog open={!!removing} onClose={() => setRemoving(null)} labelledBy={confirmId}>
        <h2 id={confirmId}>
          <RemoveTitle name={removing ? methodName(removing) : ''} />
        </h2>
        <p>
          <Trans>You can add it again at any time.</Trans>
        </p>
        <div className="actions">
          <Button
            variant="danger"
            loading={deactivate.isPending}
            disabled={!online}
            onClick={() => removing && remove(removing)}
          >
            <Trans>Yes, remove</Trans>
          </Button>
          <Button variant="secondary" onClick={() => setRemoving(null)}>
            <Trans>Keep it</Trans>
          </Button>
        </div>
      </Dialog>
    </Page>
  );
}

/** Why nothing can be changed without signal (the page's offline notice). */
const OFFLINE_CHANGES = msg`This is your list as last loaded. Adding, changing or removing a payment method needs a connection.`;

/** WebAuthn registration next to the PIN: a passkey of this device confirms card payments instead of the PIN. */
function Biometrics({ userId }: { userId: string | null }) {
  const { i18n } = useLingui();
  const client = useQueryClient();
  const has = useQuery(hasBiometricsQuery());
  const [busy, setBusy] = useState(false);
  if (!userId || !biometricsSupported()) return null;
  async function setUp() {
    if (!userId) return;
    setBusy(true);
    try {
      await registerBiometrics({ userId });
      toast.show({ text: i18n._(msg`Biometrics are set up for payments`), tone: 'success' });
    } catch {
      toast.show({ text: i18n._(msg`Biometrics could not be set up on this device.`), tone: 'danger' });
    } finally {
      setBusy(false);
      void client.invalidateQueries({ queryKey: webauthnKeys.has() });
    }
  }
  return (
    <ListItem
      leading={<LockIcon size={22} />}
      title={<Trans>Biometrics</Trans>}
      subtitle={
        has.data ? (
          <Trans>On: confirms card payments instead of the PIN</Trans>
        ) : (
          <Trans>Use this device's fingerprint or face</Trans>
        )
      }
      render={(props) => (
        <button type="button" {...props} disabled={busy} onClick={() => void setUp()} aria-busy={busy} />
      )}
    />
  );
}

/** PayPal's email; MB WAY's number and what its mandate pays without the phone. */
function MethodDetail({ method }: { method: PaymentMethod }) {
  const { i18n } = useLingui();
  const d = method.details;
  if (d.email) return <span className="method-detail">{d.email}</span>;
  if (d.phoneNumber) {
    const limit = d.limitWithoutPin ? formatMoney(d.limitWithoutPin, i18n.locale) : null;
    return (
      <span className="method-detail">
        {d.phoneNumber}
        {limit ? (
          <>
            {' · '}
            <Trans>up to {limit} without approval</Trans>
          </>
        ) : null}
      </span>
    );
  }
  return null;
}

function Expires({ expiry }: { expiry: string | undefined }) {
  return expiry ? <Trans>Expires {expiry}</Trans> : null;
}

function RemoveTitle({ name }: { name: string }) {
  return <Trans>Remove {name}?</Trans>;
}
