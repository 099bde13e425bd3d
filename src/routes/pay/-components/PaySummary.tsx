// The one pay summary of the prepay, postpay and wash flows (pay-flows.md §2 summary, §4 Checkout state machine,
// §5 pay button): the order lines (the page's), the checkout model, the method picker, the PIN step before card
// flows, and the 3-D Secure round trip. A page gives what it sells, its total and how it pays (PayAction).
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import type { Order } from '../../../../contract/orders';
import { MBWAY_LIMIT_WITHOUT_PIN } from '../../../../contract/plain/payment-methods';
import type { Poi } from '../../../../contract/stations';
import {
  type DeviceWallets,
  guestOutcome,
  onDevice,
  payButtonBlock,
  userOutcome,
} from '../../../features/checkout/model/checkout';
import { type KeptProof, reusableProof } from '../../../features/checkout/model/kept-proof';
import { interactionStart, type PayMeans, paymentFailed } from '../../../features/checkout/model/pay-means';
import { mbwayRefusal, type SummaryRefusal, summaryRefusal } from '../../../features/checkout/model/refusals';
import { needsValidation } from '../../../features/checkout/model/validation-step';
import {
  amazonReturn,
  type WalletId,
  type WalletSupport,
  walletAmount,
  walletButtons,
} from '../../../features/checkout/model/wallets';
import { afterRefusal, renewAuthorization } from '../../../features/checkout/queries';
import { PaymentMethodPicker } from '../../../features/checkout/ui/PaymentMethodPicker';
import { PinSheet } from '../../../features/checkout/ui/PinSheet';
import { SandboxWalletSheet } from '../../../features/checkout/ui/SandboxWalletSheet';
import { WalletButtons } from '../../../features/checkout/ui/WalletButtons';
import { deviceWalletSupport, walletAdapters } from '../../../features/checkout/wallets/registry';
import { WalletCancelled, type WalletResult } from '../../../features/checkout/wallets/types';
import type { OdometerAnswer } from '../../../features/odometer/model/odometer';
import type { FuelCardReport } from '../../../features/odometer/ui/FuelCardStep';
import { pinStatusQuery, usePaymentMethods } from '../../../features/payment-methods/queries';
import { SecondFactorSheet } from '../../../features/payment-methods/ui/SecondFactorSheet';
import { useBiometricValidation } from '../../../features/payment-methods/webauthn';
import { useSession, useUser } from '../../../features/session/queries';
import { errorText } from '../../../i18n/messages';
import { ApiError } from '../../../lib/http/errors';
import { formatMoney } from '../../../lib/money';
import { useOnline } from '../../../lib/use-online';
import { Button, buttonClass, FormAlert, Loading, Notice, Page, Section, SkeletonList } from '../../../ui';

/** How a page pays: its mutation, fed the means (a saved method, a wallet token) by the summary. */
export type PayAction = {
  mutate: (
    means: PayMeans,
    callbacks: { onSuccess: (order: Order) => void; onError: (error: ApiError) => void },
  ) => void;
  isPending: boolean;
  error: ApiError | null;
};

export type PaySummaryProps = {
  station: Poi | undefined;
  /** What is bought: the page's order lines (OrderFacts). */
  facts: ReactNode;
  /** The amount to pay (after discounts). */
  total: { amount: number; currency: string; precision: number } | null;
  /**
   * The voucher discount preview (features/vouchers, not shown to guests): drawn between the order lines and the
   * payment method. While it loads the pay button waits (§5 "while the voucher preview is loading").
   */
  voucherPreview?: ReactNode;
  voucherPreviewLoading?: boolean;
  action: PayAction;
  /** Where the issuer's 3-D Secure page sends the driver back: this flow's next page and the payment error page. */
  returnTo: { success: string; error: string };
  /** The authorization went through (not waiting for the driver, not failed): on to the next page. */
  onPaid: (order: Order) => void;
  /** Where a failed call (not a lost answer) goes: the payment error page, or the generic one (order creation). */
  failureType?: 'payment' | 'generic';
  /**
   * The order already waits for the driver on the issuer's page (§4 postpay summary rule): go there — once. A driver
   * who came back from it without answering (closed it, pressed back) gets the summary to pay again, not a loop.
   */
  pendingInteraction?: string | null;
  /** This flow waits for the MB WAY phone above the mandate's limit (prepay); postpay and wash do not. */
  phoneApproval?: boolean;
  /** The pay button's text when "Pay {total}" is not what happens (EV: the amount is reserved, not paid). */
  payLabel?: string;
  /** The page title when it is not "Summary" (the gift card page). */
  title?: ReactNode;
  /**
   * What the order (or the one pay creates) has that a fuel card may need (pay-flows.md §5 Fuel-card odometer): its
   * vehicle, whether it carries a reading, and how the driver's answer gets onto it. A fuel card chosen here that
   * needs more is asked for it in a sheet before it authorizes. Absent: this flow asks nothing (wash, gift card).
   */
  fuelCardOrder?: FuelCardOrder;
};

export type FuelCardOrder = {
  thingId: string | null;
  hasMileage: boolean;
  /** The odometer answer the order goes with so far (null: none). */
  answer: OdometerAnswer | null;
  /** The whole answer (the VIN saved on the vehicle already) onto the order: kept for its create, or sent to it. */
  supply: (answer: OdometerAnswer) => void | Promise<void>;
};

// A fuel card's data step loads only once a fuel card is chosen (the vehicles' queries and store are not on the
// summary's first load).
const FuelCardStep = lazy(() => import('../../../features/odometer/ui/FuelCardStep'));

const NO_SUPPORT: WalletSupport = { GOOGLE_PAY: false, APPLE_PAY: false, AMAZON_PAY: false };
const TOKEN_FIELD = { GOOGLE_PAY: 'googlePayToken', APPLE_PAY: 'applePayToken', AMAZON_PAY: 'amazonPayToken' } as const;
/** The method chosen before Amazon Pay took the driver away: restored on a cancelled return (§4 Amazon return). */
const AMAZON_RESTORE_KEY = 'rydPaySDK-amazonRestoreMethod';

/** The wallet's contact as the authorize payload's userDetails (a guest's email and billing address, §6). */
function userDetailsOf(result: WalletResult): PayMeans['userDetails'] {
  if (!result.email && !result.address) return undefined;
  const address = result.address
    ? Object.fromEntries(Object.entries(result.address).filter(([, v]) => typeof v === 'string' && v !== ''))
    : undefined;
  return {
    ...(result.email ? { invoiceEmail: result.email } : {}),
    ...(result.firstName ? { firstName: result.firstName } : {}),
    ...(result.lastName ? { lastName: result.lastName } : {}),
    ...(address ? { address } : {}),
  };
}

const absolute = (href: string) => new URL(href, window.location.origin).toString();

/** The issuer's page the driver was last sent to: coming back to a summary that still points there is no new visit. */
const CHALLENGE_LEFT_FOR = 'forecourt-challenge-left-for';
function visitChallenge(start: string) {
  try {
    sessionStorage.setItem(CHALLENGE_LEFT_FOR, start);
  } catch {
    // Storage refused (private mode): the summary may send the driver to the page once more; nothing is paid twice.
  }
  window.location.assign(start);
}
function leftFor(): string | null {
  try {
    return sessionStorage.getItem(CHALLENGE_LEFT_FOR);
  } catch {
    return null;
  }
}

export function PaySummary(props: PaySummaryProps) {
  const { station, action } = props;
  const price = props.total;
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const online = useOnline();
  const record = useSession();
  const isGuest = !record || record.isGuest === true;
  const user = useUser(isGuest ? null : record?.userId);
  const methods = usePaymentMethods(isGuest ? null : (record?.userId ?? null));
  const pinStatus = useQuery({ ...pinStatusQuery(), enabled: !isGuest });
  // Biometrics (WebAuthn) replace the PIN where the driver set them up; the PIN stays the fallback.
  const biometrics = useBiometricValidation(isGuest ? null : (record?.userId ?? null));
  const [chosen, choose] = useState<string | null>(null);
  // A refusal the summary answers itself (a fuel card's code, MB WAY beyond its mandate, the PIN again).
  const [refusal, setRefusal] = useState<SummaryRefusal | null>(null);
  const [secondFactor, setSecondFactor] = useState<{ orderId: string; paymentMethodId: string } | null>(null);
  const lastMeans = useRef<PayMeans | null>(null);
  // The last right PIN's (or passkey's) proof: pressing pay again after a refusal answered here does not ask again.
  const keptProof = useRef<KeptProof | null>(null);
  const keepProof = (proof: string | undefined) => {
    keptProof.current = proof ? { proof, obtainedAt: Date.now() } : null;
  };
  const client = useQueryClient();
  const [abandoned, setAbandoned] = useState<string | null>(null);
  // The details of the server's refusal of the chosen fuel card (422 fuel_card_data_missing): its step says and asks.
  const [fuelCardRefused, setFuelCardRefused] = useState<unknown>(null);
  const setChosen = (id: string) => {
    setRefusal(null);
    setFuelCardRefused(null);
    choose(id);
  };
  const [pinOpen, setPinOpen] = useState(false);
  const [askingFuelCard, setAskingFuelCard] = useState(false);
  const [walletBusy, setWalletBusy] = useState<WalletId | null>(null);
  const support = useQuery({
    queryKey: ['checkout', 'wallet-support'],
    queryFn: deviceWalletSupport,
    staleTime: Number.POSITIVE_INFINITY,
    networkMode: 'always',
  }).data;
  const device: DeviceWallets = support
    ? { googlePay: support.GOOGLE_PAY, applePay: support.APPLE_PAY }
    : { googlePay: false, applePay: false };
  // No answer: nothing is lost — the same attempt (same keys) is replayed when the driver presses pay again.
  const alert = action.error instanceof ApiError && action.error.status === 0 ? errorText(i18n, action.error) : null;

  const pendingInteraction = props.pendingInteraction ?? null;
  useEffect(() => {
    if (!pendingInteraction) return;
    if (leftFor() === pendingInteraction) {
      // Pressing pay again is a new authorization (a new check), not a replay of the one left.
      renewAuthorization();
      setAbandoned(pendingInteraction);
    } else visitChallenge(pendingInteraction);
  }, [pendingInteraction]);
  useEffect(() => {
    // Back from the issuer's page into the summary the browser kept (back/forward cache): load it afresh, so it shows
    // the order as it is now and a new press of pay is a new authorization.
    const onShow = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);
  const waitingForIssuer = !!pendingInteraction && abandoned !== pendingInteraction;

  // §5 "Google Pay and Apple Pay methods are removed when the device does not support them".
  // (Until the device has answered, the list stays whole: the chosen method does not flip.)
  const list = (methods.data ?? []).filter((m) => !support || onDevice(m, device));
  const method = list.find((m) => m.id === chosen) ?? list.find((m) => m.isPreferred) ?? list[0] ?? null;
  // What the chosen fuel card needs that the order lacks: the VIN on its vehicle, the reading (and whatever the server
  // said is missing when it refused this card), asked for in the sheet when pay is pressed.
  const fuelCardOrder = props.fuelCardOrder;
  const watchFuelCard = !!fuelCardOrder && method?.method === 'FUEL_CARD';
  const [fuelCardReport, setFuelCardReport] = useState<FuelCardReport | null>(null);
  const fuelCard = watchFuelCard ? fuelCardReport : null;
  const vehiclesLoading = watchFuelCard && !fuelCard?.ready;
  // The validation step (PIN) before card flows other than GOOGLE_PAY, MBWAY, DIRECT_CREDIT, APPLE_PAY (§4).
  const validation = !!method && needsValidation(method.method);
  const pinMissing = validation && pinStatus.data?.result === false && !biometrics.available;
  const checkoutStation = station
    ? { guestCheckout: station.features.guestCheckout, supportedPaymentMeans: station.supportedPaymentMeans }
    : null;
  const outcome = !checkoutStation
    ? null
    : isGuest
      ? guestOutcome(checkoutStation, device)
      : methods.isPending
        ? null
        : userOutcome(checkoutStation, list, method, device);
  const wallets = checkoutStation
    ? walletButtons({
        station: checkoutStation,
        device: support ?? NO_SUPPORT,
        totalAfterDiscounts: price?.amount ?? 0,
        isGuest,
      })
    : [];
  const guestAllowed = isGuest && outcome?.kind === 'allowed' && wallets.length > 0;
  const block = payButtonBlock({
    outcome,
    method,
    station: checkoutStation,
    twoFactorMethod: user.data?.twoFactorMethod ?? 'none',
    voucherPreviewLoading: props.voucherPreviewLoading ?? false,
  });
  // MB WAY beyond its mandate where the flow does not wait for the phone: explained, another method offered.
  const mbway = isGuest ? null : mbwayRefusal(method, price, new Date(), props.phoneApproval ?? false);
  const shownRefusal = mbway ?? refusal;
  const busy = action.isPending || waitingForIssuer || walletBusy !== null;
  const canUseWallet = !!price && online && !busy && !(props.voucherPreviewLoading ?? false);
  const canPay =
    !isGuest &&
    !!method &&
    !!price &&
    online &&
    !busy &&
    block === null &&
    mbway === null &&
    refusal?.kind !== 'methodNotAccepted' &&
    !vehiclesLoading &&
    !(validation && (pinStatus.isPending || pinMissing));
  // The catalog's message is "Pay {total}": the placeholder keeps that name.
  const total = price ? formatMoney(price, i18n.locale) : '';
  const limitWithoutPin = method?.method === 'MBWAY' ? method.details.limitWithoutPin : undefined;
  const mbwayLimit = formatMoney(
    limitWithoutPin ?? { amount: MBWAY_LIMIT_WITHOUT_PIN, currency: 'EUR', precision: 2 },
    i18n.locale,
  );

  function authorize(means: PayMeans) {
    lastMeans.current = means;
    setRefusal(null);
    action.mutate(
      {
        ...means,
        userInteraction: { urls: { success: absolute(props.returnTo.success), error: absolute(props.returnTo.error) } },
      },
      {
        onSuccess: (order) => {
          // 3-D Secure: the card issuer's page first; it sends the driver back to this flow or the error page.
          const start = interactionStart(order);
          if (start) {
            visitChallenge(start);
            return;
          }
          if (paymentFailed(order)) {
            void navigate({ to: '/error', search: { type: 'payment' } });
            return;
          }
          props.onPaid(order);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 0) return;
          if (error instanceof ApiError && error.code === 'fuel_card_data_missing') {
            setFuelCardRefused(error.details ?? {});
            return;
          }
          const answered = error instanceof ApiError ? summaryRefusal(error) : null;
          if (answered?.kind === 'secondFactor') {
            if (answered.orderId && means.paymentMethodId) {
              setSecondFactor({ orderId: answered.orderId, paymentMethodId: means.paymentMethodId });
              return;
            }
          } else if (answered) {
            if (answered.kind === 'validation') {
              // A proof the server no longer takes is not offered again. When it was the kept one (bound to an
              // earlier order), the step runs again at once rather than after another press of pay.
              const wasKept = !!means.paymentProof && means.paymentProof === keptProof.current?.proof;
              keptProof.current = null;
              if (wasKept) {
                onPay();
                return;
              }
            }
            afterRefusal(client, answered, station?._id);
            setRefusal(answered);
            return;
          }
          void navigate({ to: '/error', search: props.failureType === 'generic' ? {} : { type: 'payment' } });
        },
      },
    );
  }

  async function payWithWallet(id: WalletId) {
    if (!price || !station) return;
    setWalletBusy(id);
    try {
      if (id === 'AMAZON_PAY' && method) sessionStorage.setItem(AMAZON_RESTORE_KEY, method.id);
      const result = await walletAdapters[id].pay({
        amount: walletAmount(price),
        currency: price.currency,
        countryCode: station.address.countryCode,
        label: station.brand,
        stationId: station._id,
        needsContact: isGuest,
        returnUrl: window.location.href,
      });
      if (result === 'redirected') return;
      const details = userDetailsOf(result);
      authorize({ paymentToken: { [TOKEN_FIELD[id]]: result.token }, ...(details ? { userDetails: details } : {}) });
    } catch (error) {
      // A user-cancelled wallet stays silent; every other failure is the payment error page (§4).
      if (!(error instanceof WalletCancelled)) void navigate({ to: '/error', search: { type: 'payment' } });
    } finally {
      setWalletBusy(null);
    }
  }

  // Back from Amazon Pay (§4 Amazon return): paid → authorize with its checkout session, once; cancelled → the method
  // chosen before stays chosen. Either way the flags leave the address.
  const search = useSearch({ strict: false }) as { amazonCheckoutSessionId?: string; amazonIsCancel?: string };
  const amazon = amazonReturn(search);
  const amazonDone = useRef(false);
  const ready = !!price && !!station;
  useEffect(() => {
    if (!amazon || amazonDone.current || !ready) return;
    amazonDone.current = true;
    const restore = sessionStorage.getItem(AMAZON_RESTORE_KEY);
    sessionStorage.removeItem(AMAZON_RESTORE_KEY);
    void navigate({
      to: '.',
      search: (prev) => ({ ...prev, amazonCheckoutSessionId: undefined, amazonIsCancel: undefined }),
      replace: true,
    });
    if (amazon.kind === 'cancelled') {
      if (restore) setChosen(restore);
      return;
    }
    authorize({ paymentToken: { amazonPayToken: amazon.sessionId } });
  });

  function onPay() {
    if (!method) return;
    // A fuel card that needs the VIN or the reading: the sheet first, then on (afterData).
    if (fuelCard?.needed) return setAskingFuelCard(true);
    validateAndPay();
  }

  /** The sheet's answer is on the order: the refusal it answered is over, and paying goes on. */
  async function afterData(answer: OdometerAnswer) {
    await fuelCardOrder?.supply(answer);
    setAskingFuelCard(false);
    setFuelCardRefused(null);
    validateAndPay();
  }

  function validateAndPay() {
    if (!method) return;
    if (!validation) return authorize({ paymentMethodId: method.id });
    const kept = reusableProof(keptProof.current, Date.now());
    if (kept) return authorize({ paymentMethodId: method.id, paymentProof: kept });
    if (!biometrics.available) return setPinOpen(true);
    const id = method.id;
    // The validation step's proof goes with the authorization: the server asks for it (pay-flows.md §4).
    void biometrics.validate().then((proof) => {
      if (!proof) return setPinOpen(pinStatus.data?.result === true);
      keepProof(proof);
      authorize({ paymentMethodId: id, paymentProof: proof });
    });
  }

  return (
    <Page
      eyebrow={station?.brand}
      title={props.title ?? <Trans>Summary</Trans>}
      actions={
        guestAllowed ? (
          <WalletButtons wallets={wallets} disabled={!canUseWallet} busy={walletBusy} onPay={payWithWallet} />
        ) : (
          <Button size="lg" disabled={!canPay} loading={action.isPending || waitingForIssuer} onClick={onPay}>
            {props.payLabel ?? i18n._(msg`Pay ${total}`)}
          </Button>
        )
      }
    >
      {props.facts}
      {isGuest ? null : props.voucherPreview}
      {isGuest ? (
        <Notice
          tone="info"
          live="none"
          title={
            guestAllowed ? (
              <Trans>Pay as a guest with your wallet: it gives the station your email and billing address.</Trans>
            ) : (
              <Trans>Log in or register to pay with a saved card.</Trans>
            )
          }
          action={
            <div className="pay-inline-actions">
              <Link to="/login" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
                <Trans>Log in</Trans>
              </Link>
              <Link to="/register" className={buttonClass({ variant: 'ghost', size: 'sm' })}>
                <Trans>Register</Trans>
              </Link>
            </div>
          }
        />
      ) : (
        <Section title={<Trans>Payment method</Trans>}>
          {methods.isPending ? (
            <Loading label={i18n._(msg`Loading your payment methods…`)}>
              <SkeletonList rows={1} />
            </Loading>
          ) : list.length === 0 ? (
            <Notice tone="warning" live="none">
              <Trans>You have no saved payment method.</Trans>
            </Notice>
          ) : (
            <PaymentMethodPicker methods={list} value={method?.id ?? null} onChange={setChosen} />
          )}
        </Section>
      )}
      {/* A fuel card: what it needs (the server's refusal of it shows here), and the sheet that asks for it. Right under
          the chosen method, above the wallet buttons: on a phone the driver sees it without scrolling. */}
      {watchFuelCard && fuelCardOrder && method ? (
        <Suspense fallback={null}>
          <FuelCardStep
            userId={record?.userId ?? null}
            method={method}
            order={fuelCardOrder}
            refused={fuelCardRefused}
            onReport={setFuelCardReport}
            asking={askingFuelCard}
            onClose={() => setAskingFuelCard(false)}
            onDone={afterData}
          />
        </Suspense>
      ) : null}
      {pinMissing ? (
        <Notice
          tone="info"
          live="none"
          title={<Trans>Set up a payment PIN to pay with this card.</Trans>}
          action={
            <Link to="/profile/payments/pin" className={buttonClass({ variant: 'secondary', size: 'sm' })}>
              <Trans>Set up PIN</Trans>
            </Link>
          }
        />
      ) : null}
      {isGuest ? null : (
        <WalletButtons wallets={wallets} disabled={!canUseWallet} busy={walletBusy} onPay={payWithWallet} />
      )}
      <SandboxWalletSheet />
      {/* After a method_not_accepted refusal its own notice (nothing charged) says it; the station loads again. */}
      {!isGuest && outcome?.kind === 'poiRejectedPM' && shownRefusal?.kind !== 'methodNotAccepted' ? (
        <Notice tone="warning" live="none">
          <Trans>This station does not take this payment method. Choose another one.</Trans>
        </Notice>
      ) : !isGuest && outcome?.kind === 'deviceRejectedPM' ? (
        <Notice tone="warning" live="none">
          <Trans>This payment method cannot be used on this device. Choose another one.</Trans>
        </Notice>
      ) : null}
      {abandoned && !action.isPending ? (
        <Notice
          tone="warning"
          title={<Trans>Your bank's security check was not finished.</Trans>}
          action={
            <Button variant="secondary" size="sm" onClick={() => visitChallenge(abandoned)}>
              <Trans>Continue the check</Trans>
            </Button>
          }
        >
          <Trans>Nothing was charged. Pay again to start a new check, or choose another payment method.</Trans>
        </Notice>
      ) : null}
      {shownRefusal?.kind === 'mbwayLimit' ? (
        <Notice tone="warning" title={<Trans>MB WAY cannot pay this amount here</Trans>}>
          {i18n._(
            msg`Above ${mbwayLimit}, MB WAY needs approval on your phone, which this payment cannot wait for. Choose another payment method.`,
          )}
        </Notice>
      ) : shownRefusal?.kind === 'mbwayExpired' ? (
        <Notice tone="warning" title={<Trans>Your MB WAY authorization has expired</Trans>}>
          <Trans>Renew it in your payment methods, or choose another payment method.</Trans>
        </Notice>
      ) : shownRefusal?.kind === 'methodNotAccepted' ? (
        <Notice tone="warning" title={<Trans>This station no longer takes this payment method</Trans>}>
          <Trans>Nothing was charged. Choose another payment method and pay again.</Trans>
        </Notice>
      ) : shownRefusal?.kind === 'validation' ? (
        <Notice tone="warning">
          <Trans>Please confirm this payment with your PIN again.</Trans>
        </Notice>
      ) : null}
      <PinSheet
        open={pinOpen}
        onClose={() => setPinOpen(false)}
        onValidated={(proof) => {
          setPinOpen(false);
          keepProof(proof);
          if (method) authorize({ paymentMethodId: method.id, ...(proof ? { paymentProof: proof } : {}) });
        }}
      />
      <SecondFactorSheet
        target={secondFactor}
        onClose={() => setSecondFactor(null)}
        onVerified={() => {
          setSecondFactor(null);
          // The same means (and the same PIN proof, kept by the refusal) once more: the code allows this order.
          if (lastMeans.current) authorize(lastMeans.current);
        }}
      />
      <FormAlert>{alert}</FormAlert>
      {!online ? (
        <Notice tone="warning">
          <Trans>You are offline</Trans>
        </Notice>
      ) : null}
    </Page>
  );
}
