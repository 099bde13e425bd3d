// The pay summary's one hook (pay-flows.md §4 Checkout state machine, §5 pay button): it drives the pay machine
// (model/pay-machine.ts) and owns the effects the machine only names — the wallet sheets, the PIN, WebAuthn, a fuel
// card's data, the 3-D Secure redirect and return, the Amazon return. An event the machine refuses (a doubled press, a
// late answer) performs no effect. A summary route gives what it sells, its total and how it pays (PayAction).
import { useLingui } from '@lingui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { Order } from '../../../contract/orders';
import type { Poi } from '../../../contract/stations';
import { errorText } from '../../i18n/messages';
import { ApiError } from '../../lib/http/errors';
import { useOnline } from '../../lib/use-online';
import type { OdometerAnswer } from '../odometer/model/odometer';
import { pinStatusQuery, usePaymentMethods } from '../payment-methods/queries';
import { useSession, useUser } from '../session/queries';
import { type DeviceWallets, guestOutcome, onDevice, payButtonBlock, userOutcome } from './model/checkout';
import { type KeptProof, reusableProof } from './model/kept-proof';
import { initialPayState, isBusy, type PayEvent, type PayState, transition } from './model/pay-machine';
import { interactionStart, type PayMeans, paymentFailed } from './model/pay-means';
import { mbwayRefusal, payAnswer, type SummaryRefusal } from './model/refusals';
import { needsValidation } from './model/validation-step';
import {
  amazonReturn,
  type WalletId,
  type WalletSupport,
  walletAmount,
  walletButtons,
  walletMeans,
} from './model/wallets';
import { afterRefusal, renewAuthorization } from './queries';
import { keepMethodForAmazon, leftForChallenge, takeMethodKeptForAmazon, visitChallenge } from './redirects';
import { deviceWalletSupport, walletAdapters } from './wallets/registry';
import { WalletCancelled } from './wallets/types';

/** How a page pays: its mutation (payOrder with the page's flow), fed the means by the summary. */
export type PayAction = {
  mutate: (
    means: PayMeans,
    callbacks: { onSuccess: (order: Order) => void; onError: (error: ApiError) => void },
  ) => void;
  isPending: boolean;
  error: ApiError | null;
};

export type FuelCardOrder = {
  thingId: string | null;
  hasMileage: boolean;
  /** The odometer answer the order goes with so far (null: none). */
  answer: OdometerAnswer | null;
  /** The whole answer (the VIN saved on the vehicle already) onto the order: kept for its create, or sent to it. */
  supply: (answer: OdometerAnswer) => void | Promise<void>;
};

/** Biometrics (WebAuthn) for the validation step, as features/payment-methods gives them (the route hands them in). */
export type Biometrics = { available: boolean; validate: () => Promise<string | null> };

/** What the chosen fuel card still needs (its step reports it): loaded yet, and whether pay asks for more first. */
export type FuelCardReport = { ready: boolean; needed: boolean };

export type CheckoutOptions = {
  station: Poi | undefined;
  /** The amount to pay (after discounts). */
  total: { amount: number; currency: string; precision: number } | null;
  action: PayAction;
  /** Where the issuer's 3-D Secure page sends the driver back: this flow's next page and the payment error page. */
  returnTo: { success: string; error: string };
  /** The authorization went through (not waiting for the driver, not failed): on to the next page. */
  onPaid: (order: Order) => void;
  /** Where a failed call (not a lost answer) goes: the payment error page, or the generic one (order creation). */
  failureType?: 'payment' | 'generic' | undefined;
  /**
   * The order already waits for the driver on the issuer's page (§4 postpay summary rule): go there — once. A driver
   * who came back from it without answering (closed it, pressed back) gets the summary to pay again, not a loop.
   */
  pendingInteraction?: string | null | undefined;
  /** This flow waits for the MB WAY phone above the mandate's limit (prepay); postpay and wash do not. */
  phoneApproval?: boolean | undefined;
  /** While the voucher preview loads the pay button waits (§5). */
  voucherPreviewLoading?: boolean | undefined;
  /** What a fuel card chosen here may need of the order (pay-flows.md §5 Fuel-card odometer); absent: none asked. */
  fuelCardOrder?: FuelCardOrder | undefined;
  biometrics: Biometrics;
};

const NO_SUPPORT: WalletSupport = { GOOGLE_PAY: false, APPLE_PAY: false, AMAZON_PAY: false };
const absolute = (href: string) => new URL(href, window.location.origin).toString();
const SUMMARY_REFUSALS: readonly string[] = ['mbwayLimit', 'mbwayExpired', 'validation', 'methodNotAccepted'];
const step = (s: PayState) => (s.kind === 'validating' ? s.step : null);

/** The machine, with the state readable at once: an effect runs only when its event moved the machine. */
function usePayMachine() {
  const current = useRef<PayState>(initialPayState);
  const [state, setState] = useState<PayState>(initialPayState);
  const send = (event: PayEvent): boolean => {
    const next = transition(current.current, event);
    if (next === current.current) return false;
    current.current = next;
    setState(next);
    return true;
  };
  return { state, current, send };
}

export function useCheckout(props: CheckoutOptions) {
  const { station, action, biometrics, fuelCardOrder } = props;
  const price = props.total;
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const client = useQueryClient();
  const online = useOnline();
  const record = useSession();
  const isGuest = !record || record.isGuest === true;
  const userId = isGuest ? null : (record?.userId ?? null);
  const user = useUser(userId);
  const methods = usePaymentMethods(userId);
  const pinStatus = useQuery({ ...pinStatusQuery(), enabled: !isGuest });
  const support = useQuery({
    queryKey: ['checkout', 'wallet-support'],
    queryFn: deviceWalletSupport,
    staleTime: Number.POSITIVE_INFINITY,
    networkMode: 'always',
  }).data;
  const { state, current, send } = usePayMachine();
  const [chosen, choose] = useState<string | null>(null);
  // The server's words about the chosen fuel card (422 fuel_card_data_missing), until another method or its answer.
  const [fuelCardRefused, setFuelCardRefused] = useState<unknown>(null);
  const [fuelCardReport, setFuelCardReport] = useState<FuelCardReport | null>(null);
  // The last right PIN's (or passkey's) proof: pressing pay again after a refusal answered here does not ask again.
  const keptProof = useRef<KeptProof | null>(null);
  const keepProof = (proof: string | undefined) => {
    keptProof.current = proof ? { proof, obtainedAt: Date.now() } : null;
  };

  const device: DeviceWallets = support
    ? { googlePay: support.GOOGLE_PAY, applePay: support.APPLE_PAY }
    : { googlePay: false, applePay: false };
  // §5 "Google Pay and Apple Pay methods are removed when the device does not support them".
  // (Until the device has answered, the list stays whole: the chosen method does not flip.)
  const list = (methods.data ?? []).filter((m) => !support || onDevice(m, device));
  const method = list.find((m) => m.id === chosen) ?? list.find((m) => m.isPreferred) ?? list[0] ?? null;
  const watchFuelCard = !!fuelCardOrder && method?.method === 'FUEL_CARD';
  const fuelCard = watchFuelCard ? fuelCardReport : null;
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
  const block = payButtonBlock({
    outcome,
    method,
    station: checkoutStation,
    twoFactorMethod: user.data?.twoFactorMethod ?? 'none',
    voucherPreviewLoading: props.voucherPreviewLoading ?? false,
  });
  // MB WAY beyond its mandate where the flow does not wait for the phone: explained, another method offered.
  const mbway = isGuest ? null : mbwayRefusal(method, price, new Date(), props.phoneApproval ?? false);
  const refused = state.kind === 'refused' ? state.refusal : null;
  const refusal = refused && SUMMARY_REFUSALS.includes(refused.kind) ? (refused as SummaryRefusal) : null;
  const waiting = isBusy(state) || state.kind === 'paid' || action.isPending;
  const canUseWallet = !!price && online && !waiting && !(props.voucherPreviewLoading ?? false);
  const canPay =
    !isGuest &&
    !!method &&
    !!price &&
    online &&
    !waiting &&
    block === null &&
    mbway === null &&
    refusal?.kind !== 'methodNotAccepted' &&
    !(watchFuelCard && !fuelCard?.ready) &&
    !(validation && (pinStatus.isPending || pinMissing));

  // A sheet closes (its dialog says so) when the driver closes it and when its step is over: only the first cancels.
  const closed = (type: 'pin' | 'fuelCard' | 'secondFactor') => () => {
    const now = current.current;
    if (now.kind === 'secondFactor' ? type === 'secondFactor' : step(now)?.type === type) send({ type: 'CANCEL' });
  };

  const setChosen = (id: string) => {
    send({ type: 'CHOOSE' });
    setFuelCardRefused(null);
    choose(id);
  };

  function authorize(means: PayMeans) {
    if (!send({ type: 'AUTHORIZE', means })) return;
    const urls = { success: absolute(props.returnTo.success), error: absolute(props.returnTo.error) };
    action.mutate(
      { ...means, userInteraction: { urls } },
      {
        onSuccess: (order) => {
          // 3-D Secure: the card issuer's page first; it sends the driver back to this flow or the error page.
          const start = interactionStart(order);
          if (start) {
            if (send({ type: 'ISSUER', start })) visitChallenge(start);
          } else if (paymentFailed(order)) fail('payment');
          else if (send({ type: 'PAID', order })) props.onPaid(order);
        },
        onError: (error) => {
          const answer =
            error instanceof ApiError
              ? payAnswer(error, means, keptProof.current?.proof ?? null)
              : { kind: 'failed' as const };
          switch (answer.kind) {
            case 'noAnswer':
              return send({ type: 'REFUSED', refusal: answer });
            case 'fuelCardData':
              setFuelCardRefused(answer.details);
              return send({ type: 'REFUSED', refusal: answer });
            case 'secondFactor':
              return send({ type: 'SECOND_FACTOR', orderId: answer.orderId });
            case 'validateAgain':
              // A proof the server no longer takes (bound to an earlier order) is not offered again: the step runs again.
              keptProof.current = null;
              send({ type: 'REFUSED', refusal: { kind: 'validation' } });
              return onPay();
            case 'refused':
              if (answer.refusal.kind === 'validation') keptProof.current = null;
              afterRefusal(client, answer.refusal, station?._id);
              return send({ type: 'REFUSED', refusal: answer.refusal });
            case 'failed':
              return fail(props.failureType === 'generic' ? 'generic' : 'payment');
          }
        },
      },
    );
  }

  function fail(type: 'payment' | 'generic') {
    send({ type: 'REFUSED', refusal: { kind: 'failed' } });
    void navigate({ to: '/error', search: type === 'generic' ? {} : { type: 'payment' } });
  }

  async function payWithWallet(id: WalletId) {
    if (!price || !station || !send({ type: 'ASK', step: { type: 'wallet', wallet: id } })) return;
    try {
      if (id === 'AMAZON_PAY' && method) keepMethodForAmazon(method.id);
      const result = await walletAdapters[id].pay({
        amount: walletAmount(price),
        currency: price.currency,
        countryCode: station.address.countryCode,
        label: station.brand,
        stationId: station._id,
        needsContact: isGuest,
        returnUrl: window.location.href,
      });
      // Amazon Pay left the page: the summary stays busy until the browser goes.
      if (result !== 'redirected') authorize(walletMeans(id, result));
    } catch (error) {
      // A user-cancelled wallet stays silent; every other failure is the payment error page (§4).
      if (error instanceof WalletCancelled) send({ type: 'CANCEL' });
      else fail('payment');
    }
  }

  function onPay() {
    if (!method) return;
    // A fuel card that needs the VIN or the reading: the sheet first, then on (afterFuelCardData).
    if (fuelCard?.needed) {
      send({ type: 'ASK', step: { type: 'fuelCard' } });
      return;
    }
    validateAndPay();
  }

  /** The sheet's answer is on the order: the refusal it answered is over, and paying goes on. */
  async function afterFuelCardData(answer: OdometerAnswer) {
    await fuelCardOrder?.supply(answer);
    setFuelCardRefused(null);
    validateAndPay();
  }

  function validateAndPay() {
    if (!method) return;
    if (!validation) return authorize({ paymentMethodId: method.id });
    const kept = reusableProof(keptProof.current, Date.now());
    if (kept) return authorize({ paymentMethodId: method.id, paymentProof: kept });
    if (!biometrics.available) return void send({ type: 'ASK', step: { type: 'pin' } });
    if (!send({ type: 'ASK', step: { type: 'biometric' } })) return;
    const id = method.id;
    // The validation step's proof goes with the authorization: the server asks for it (pay-flows.md §4).
    void biometrics.validate().then((proof) => {
      if (!proof)
        return void send(pinStatus.data?.result === true ? { type: 'ASK', step: { type: 'pin' } } : { type: 'CANCEL' });
      keepProof(proof);
      authorize({ paymentMethodId: id, paymentProof: proof });
    });
  }

  // The order already waits on the issuer's page: there, once; back from it without an answer, the summary again,
  // and the next press of pay is a new check (not a replay of the one left).
  const pendingInteraction = props.pendingInteraction ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per issuer's page the order points to
  useEffect(() => {
    if (!pendingInteraction) return;
    const now = current.current;
    if (now.kind === 'awaitingIssuer' && now.start === pendingInteraction) return;
    if (leftForChallenge() === pendingInteraction) {
      renewAuthorization();
      send({ type: 'ABANDONED', start: pendingInteraction });
    } else if (send({ type: 'ISSUER', start: pendingInteraction })) visitChallenge(pendingInteraction);
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

  // Back from Amazon Pay (§4 Amazon return): paid → authorize with its checkout session, once; cancelled → the method
  // chosen before stays chosen. Either way the flags leave the address.
  const search = useSearch({ strict: false }) as { amazonCheckoutSessionId?: string; amazonIsCancel?: string };
  const amazon = amazonReturn(search);
  const amazonDone = useRef(false);
  const ready = !!price && !!station;
  useEffect(() => {
    if (!amazon || amazonDone.current || !ready) return;
    amazonDone.current = true;
    const restore = takeMethodKeptForAmazon();
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

  const secondFactor = state.kind === 'secondFactor' ? state : null;
  const asked = step(state);
  return {
    state,
    isGuest,
    userId,
    methods: { isPending: methods.isPending, list, method, choose: setChosen },
    outcome,
    wallets,
    /** A guest pays with the wallet buttons in place of the pay button. */
    guestAllowed: isGuest && outcome?.kind === 'allowed' && wallets.length > 0,
    walletBusy: asked?.type === 'wallet' ? asked.wallet : null,
    canPay,
    canUseWallet,
    loading: action.isPending || state.kind === 'authorizing' || state.kind === 'awaitingIssuer',
    online,
    pinMissing,
    /** A refusal the summary explains (MB WAY's mandate, a station that no longer takes the method, the PIN again). */
    refusal: mbway ?? refusal,
    /** The issuer's page the driver came back from without answering (nothing charged). */
    abandoned: refused?.kind === 'challengeAbandoned' ? refused.start : null,
    // No answer: nothing is lost — the same attempt (same keys) is replayed when the driver presses pay again.
    alert: action.error instanceof ApiError && action.error.status === 0 ? errorText(i18n, action.error) : null,
    onPay,
    payWithWallet,
    continueCheck: visitChallenge,
    fuelCard: watchFuelCard
      ? {
          refused: fuelCardRefused,
          onReport: setFuelCardReport,
          asking: asked?.type === 'fuelCard',
          onClose: closed('fuelCard'),
          onDone: afterFuelCardData,
        }
      : null,
    pin: {
      open: asked?.type === 'pin',
      onClose: closed('pin'),
      onValidated: (proof: string | undefined) => {
        keepProof(proof);
        if (method) authorize({ paymentMethodId: method.id, ...(proof ? { paymentProof: proof } : {}) });
      },
    },
    secondFactor: {
      target: secondFactor?.means.paymentMethodId
        ? { orderId: secondFactor.orderId, paymentMethodId: secondFactor.means.paymentMethodId }
        : null,
      onClose: closed('secondFactor'),
      // The same means (and the same PIN proof, kept by the refusal) once more: the code allows this order.
      onVerified: () => {
        if (secondFactor) authorize(secondFactor.means);
      },
    },
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
