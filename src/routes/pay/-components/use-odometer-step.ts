// The odometer step of a pay summary (pay-flows.md §2 Odometer screen "before payment when the account's
// showOdometerScreenBeforeCheckout is set", §4 EV flow "an optional odometer update on the order precedes payment"):
// whether the screen comes first, what the order carries, and the server's refusal sending the driver back to it.
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useReducer, useRef } from 'react';
import type { Poi } from '../../../../contract/stations';
import { useAccountFeatures } from '../../../features/ev/queries';
import {
  carOdometerMOf,
  type OdometerAnswer,
  odometerRejection,
  skipsOdometer,
} from '../../../features/odometer/model/odometer';
import {
  bindOdometerToOrder,
  odometerSelection,
  readOdometer,
  rejectOdometer,
  writeOdometer,
} from '../../../features/odometer/store';
import { isWashOnly } from '../../../features/stations/model/pumps';
import type { ApiError } from '../../../lib/http/errors';

/** A query value as a string, or undefined. */
function textOf(search: Record<string, unknown>, key: string): string | undefined {
  const value = search[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

export type OdometerNext = 'ev' | 'prepay' | 'postpay';

export function useOdometerStep(input: {
  pid: string | undefined;
  productId: string | undefined;
  isGuest: boolean;
  next: OdometerNext;
  /** The station, once loaded (a wash-only station skips the screen). */
  station: Poi | undefined;
  /** The page's path (a wash path skips the screen). */
  path: string;
}) {
  const navigate = useNavigate();
  const features = useAccountFeatures();
  // The summary's fuel-card sheet adds to the stored answer: the page draws it again (its facts, what the card needs).
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const selection = odometerSelection(input.pid ?? '', input.productId ?? '');
  const stored = readOdometer(selection);
  // Plain strings from the query, not the location object: a page that renders <Navigate> must not re-render with each
  // navigation attempt (a new location each time), or the Navigate fires again, endlessly.
  const orderId = useSearch({ strict: false, select: (s) => textOf(s, 'orderId') });
  const amazonCheckoutSessionId = useSearch({ strict: false, select: (s) => textOf(s, 'amazonCheckoutSessionId') });
  const skipped = skipsOdometer({
    washOnly: !!input.station && isWashOnly(input.station),
    path: input.path,
    query: { orderId, amazonCheckoutSessionId },
  });
  const asked = !input.isGuest && !skipped && features.data?.showOdometerScreenBeforeCheckout === true;
  const answer = stored?.answer ?? null;
  const loading = !input.isGuest && (features.isPending || !input.station);
  // Decided once per visit of the summary: the answer is cleared when the order goes out (done), and the summary must
  // not send the driver back to the screen while it leaves for the next page. A refusal reopens it explicitly.
  const decided = useRef<boolean | null>(null);
  if (decided.current === null && !loading) decided.current = asked && (!stored || stored.rejectedBelowKm !== null);
  const open = () =>
    void navigate({ to: '/pay/odometer', search: (prev) => ({ ...prev, next: input.next }), replace: true });
  /**
   * What the order create carries: the vehicle and the reading in metres (nothing once refused). Read when pay is
   * pressed, so what the summary's fuel-card sheet added just before goes with it.
   */
  const order = (fallbackThingId: string | null) => {
    const now = readOdometer(selection)?.answer ?? null;
    const metres = carOdometerMOf(now);
    return { thingId: now?.thingId ?? fallbackThingId, ...(metres !== undefined ? { carOdometerM: metres } : {}) };
  };
  /**
   * The answer with what the chosen fuel card needed and the driver gave on the summary (the VIN already on the
   * vehicle): this pump's answer now, so the order created by pay carries the vehicle and the reading (issue 12
   * follow-up).
   */
  const supply = (whole: OdometerAnswer) => {
    writeOdometer(selection, whole);
    redraw();
  };
  return {
    /** The account's features are not known yet: the summary waits (a skeleton). */
    loading,
    /** The screen comes first (no answer for this pump or port yet, or the server refused the reading). */
    needed: decided.current === true,
    open,
    answer,
    order,
    supply,
    /** The order pay creates as the summary's fuel-card step sees it (PaySummary fuelCardOrder). */
    fuelCardOrder: (fallbackThingId: string | null) => {
      const carried = order(fallbackThingId);
      return { thingId: carried.thingId, hasMileage: carried.carOdometerM !== undefined, answer, supply };
    },
    /** The order went with the answer: kept by order for its receipt (the cost it records), and the next payment asks again. */
    done: (orderId: string) => bindOdometerToOrder(orderId, readOdometer(selection)?.answer ?? null),
    /** "Mileage may not be lower than the previous value": back to the screen with the input kept; else not ours. */
    handleRejection: (error: ApiError): boolean => {
      const previousKm = odometerRejection(error);
      if (previousKm === null) return false;
      rejectOdometer(selection, previousKm);
      open();
      return true;
    },
  };
}
