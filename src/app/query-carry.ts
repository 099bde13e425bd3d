// Carrying the query from route to route, and leaving the pay flow (shell-and-account.md §2.2, pay-flows.md §2).
// One module: the root route's search middleware and guard apply `carryQuery`; every page that leaves for the map or
// the host app's callback goes through `leaveTarget` (see app/leave.ts).
import type { CallbackPolicy } from '../../contract/plain/host-apps';
import { paymentReturnGroup } from '../features/checkout/model/search';
import { orderGroup } from '../features/orders/model/search';
import { type Infer, looseSearchObject, text as textRule } from '../lib/search-schema';
import { callbackUrl } from './callback';

/** A query as the router holds it: string values from the URL, numbers where a route's schema coerced them. */
export type Query = Record<string, unknown>;

const text = textRule();

/**
 * The root route's query: the "UI query keys kept across routes" plus the shell's auth flag. Other keys pass through
 * untouched (the carry rule needs them); each route adds its own keys with its feature's schema.
 */
export const uiQuery = looseSearchObject({
  pid: text,
  partner: text,
  callback: text,
  email: text,
  longitude: text,
  latitude: text,
  mtskid: text,
  landscape: text,
  hideRydMapLink: text,
  auth: text,
});
export type UiQuery = Infer<typeof uiQuery>;

/** "UI query keys kept across routes". */
export const UI_QUERY_KEYS = [
  'pid',
  'partner',
  'callback',
  'email',
  'longitude',
  'latitude',
  'mtskid',
  'landscape',
  'hideRydMapLink',
] as const;

/** pay-flows.md §2: the order group and the payment-return group, dropped when leaving to the map. */
export const ORDER_GROUP = Object.keys(orderGroup.shape) as Array<keyof typeof orderGroup.shape>;
export const PAYMENT_RETURN_GROUP = Object.keys(paymentReturnGroup.shape) as Array<
  keyof typeof paymentReturnGroup.shape
>;

export function parseQuery(search: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(search.startsWith('?') ? search.slice(1) : search)) out[key] = value;
  return out;
}

export function stringifyQuery(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function pickUiQuery(query: Query): Query {
  const out: Query = {};
  for (const key of UI_QUERY_KEYS) if (query[key] !== undefined) out[key] = query[key];
  return out;
}

/** Marks a query a page leaves with on purpose (the map exit): nothing of the page it leaves is carried into it. */
const LEAVING = Symbol('leaving');

export function leaving<T extends Query>(query: T): T {
  return { ...query, [LEAVING]: true };
}

function isLeaving(query: Query): boolean {
  return (query as { [LEAVING]?: boolean })[LEAVING] === true;
}

function definedKeys(query: Query): string[] {
  return Object.keys(query).filter((key) => query[key] !== undefined);
}

export type CarryInput = {
  /** The query of the route we come from (empty on a first load or a history move). */
  previous: Query;
  /** The query the new route was asked for. */
  next: Query;
  /** The pathname of the new route; null when not known yet (link building), which skips the /register rule. */
  nextPath: string | null;
};

/**
 * The root route's search middleware: links and navigations get the carried query when they are built (no redirect
 * needed). Also the server's rendering of a station link's first screen (src/ssr/station-page.tsx) builds its links
 * with it, as the app does.
 */
export const carryOnBuild = ({ search, next }: { search: UiQuery; next: (search: UiQuery) => UiQuery }): UiQuery =>
  carryQuery({ previous: search as Query, next: next(search) as Query, nextPath: null }) as UiQuery;

/**
 * The query a new route ends up with:
 * - "The query is carried from the previous route when the new route has none."
 * - UI query keys present before are kept when the new query lacks them.
 * - "When a data query parameter is present off /register, only the partner parameter is kept."
 * - "The shell adds an auth query parameter with value 0 when it is missing."
 * - Ours: a single-use return key (the Amazon sign-in's buyerToken) stays with the page it came to.
 * A query marked `leaving` carries nothing. Idempotent: applied to its own result (as previous) it changes nothing.
 */
export function carryQuery({ previous, next, nextPath }: CarryInput): Query {
  const asked: Query = {};
  for (const key of definedKeys(next)) asked[key] = next[key];
  let query: Query;
  if (isLeaving(next)) {
    query = asked;
  } else {
    const keys = definedKeys(asked);
    const none = keys.length === 0 || (keys.length === 1 && asked.auth !== undefined);
    query = none ? { ...carriedPart(previous), ...asked } : asked;
    for (const key of UI_QUERY_KEYS) {
      if (query[key] === undefined && previous[key] !== undefined) query[key] = previous[key];
    }
  }
  if (query.data !== undefined && nextPath !== null && !isRegisterPath(nextPath)) {
    query = query.partner !== undefined ? { partner: query.partner } : {};
  }
  if (query.auth === undefined) query.auth = '0';
  return query;
}

function carriedPart(query: Query): Query {
  const out: Query = {};
  for (const key of definedKeys(query)) if (!NEVER_CARRIED.has(key)) out[key] = query[key];
  return out;
}

/** Spent on arrival, never carried on: /amazonSSORedirect's buyer token is a single-use credential (carried, it sat in
 *  the address of every later page, /map?buyerToken=…). Named here, not imported with the sign-in's schemas: this
 *  module is in every page's entry. */
const NEVER_CARRIED = new Set<string>(['buyerToken']);

function isRegisterPath(path: string): boolean {
  return path === '/register' || path.startsWith('/register/');
}

/** Same keys and values, compared as they appear in the URL. */
export function sameQuery(a: Query, b: Query): boolean {
  return stringifyQuery(sortKeys(a)) === stringifyQuery(sortKeys(b));
}

function sortKeys(query: Query): Query {
  // Any fixed order will do for a comparison; localeCompare's first call builds an ICU collator (~40 ms of a cold
  // start on a slow phone, in the root route's beforeLoad).
  return Object.fromEntries(Object.entries(query).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)));
}

/**
 * "Leaving to the map keeps the query except the payment-return group and the order group;
 *  latitude, longitude and pid are dropped."
 */
export function mapExitQuery(query: Query): Query {
  const drop = new Set<string>([...ORDER_GROUP, ...PAYMENT_RETURN_GROUP, 'latitude', 'longitude', 'pid']);
  const out: Query = {};
  for (const key of definedKeys(query)) if (!drop.has(key)) out[key] = query[key];
  return out;
}

/** A station reference in a query: "one of the query keys pid, mtskid or longitude". */
export function hasStationReference(query: Query | null | undefined): boolean {
  return !!query && (query.pid !== undefined || query.mtskid !== undefined || query.longitude !== undefined);
}

export type Exit =
  | { kind: 'callback'; href: string }
  /** refusedCallback: the host app's callback was not allowed ('Invalid callback parameter.'); the driver is told. */
  | { kind: 'map'; search: Query; refusedCallback?: true };

export type LeaveOptions = {
  /**
   * When the host app's callback takes over:
   * - 'hideMapLink': only with hideRydMapLink too ("If a callback and hideRydMapLink are both present, leaving goes
   *   to the callback instead") — leaving the station for the map;
   * - 'always': whenever it is valid — the end of a flow (finish and cancel pages: "OK goes to /map or triggers the
   *   callback").
   */
  callback: 'hideMapLink' | 'always';
  /** "If payment data is given it is added to the callback as paymentData, encoded as JSON." */
  paymentData?: unknown;
  /** Resolves the callback literal "true" to the SDK's finish address. */
  origin: string;
  /** The host-app allowlist: a callback off it is invalid, and the exit goes to the map instead. */
  policy: CallbackPolicy;
};

/**
 * Where a page leaves to: the host app's callback (a full page load) or the map with the map-exit query. An invalid
 * callback falls back to the map, without the callback (every later exit would refuse it again).
 */
export function leaveTarget(query: Query, options: LeaveOptions): Exit {
  const callback = typeof query.callback === 'string' ? query.callback : undefined;
  const wanted = callback !== undefined && (options.callback === 'always' || query.hideRydMapLink !== undefined);
  if (wanted) {
    try {
      return { kind: 'callback', href: callbackUrl(callback, options.paymentData, options.origin, options.policy) };
    } catch {
      // 'Invalid callback parameter.': the map instead.
      const { callback: _refused, ...search } = mapExitQuery(query);
      return { kind: 'map', search, refusedCallback: true };
    }
  }
  return { kind: 'map', search: mapExitQuery(query) };
}
