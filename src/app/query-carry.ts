// Query rules of the shell (shell-and-account.md §2.2, pay-flows.md §2). Queries are flat string records.

export type Query = Record<string, string>;

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
export const ORDER_GROUP = [
  'orderId',
  'orderType',
  'amount',
  'fuelTypeId',
  'productId',
  'type',
  'isWash',
  'currency',
] as const;
export const PAYMENT_RETURN_GROUP = [
  'registration',
  'resultIndicator',
  'sessionVersion',
  'nonce',
  'phoneNumber',
  'provider',
  'method',
  'sca_feedback',
  'paymentId',
  'errorDescription',
  'amazonCheckoutSessionId',
  'amazonIsCancel',
  'whitelist',
  'type',
  'state',
] as const;

export function parseQuery(search: string): Query {
  const out: Query = {};
  for (const [key, value] of new URLSearchParams(search.startsWith('?') ? search.slice(1) : search)) out[key] = value;
  return out;
}

export function stringifyQuery(query: Record<string, unknown>): string {
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

function isEmpty(query: Query): boolean {
  return Object.keys(query).length === 0;
}

export type QueryRuleInput = {
  /** The query of the route we come from (empty on the first load). */
  previous: Query;
  /** The query the new route was asked for. */
  next: Query;
  /** The pathname of the new route; null when not known yet (link building), which skips the /register rule. */
  nextPath: string | null;
};

/**
 * The query a new route ends up with:
 * - "The query is carried from the previous route when the new route has none."
 * - UI query keys present before are kept when the new query lacks them.
 * - "When a data query parameter is present off /register, only the partner parameter is kept."
 * - "The shell adds an auth query parameter with value 0 when it is missing."
 * Idempotent: applying it to its own result (with that result as previous) changes nothing.
 */
export function applyQueryRules({ previous, next, nextPath }: QueryRuleInput): Query {
  let query: Query =
    isEmpty(next) || (Object.keys(next).length === 1 && next.auth !== undefined)
      ? { ...previous, ...next }
      : { ...next };
  for (const key of UI_QUERY_KEYS) {
    if (query[key] === undefined && previous[key] !== undefined) query[key] = previous[key];
  }
  if (query.data !== undefined && nextPath !== null && !isRegisterPath(nextPath)) {
    query = query.partner !== undefined ? { partner: query.partner } : {};
  }
  if (query.auth === undefined) query.auth = '0';
  return query;
}

function isRegisterPath(path: string): boolean {
  return path === '/register' || path.startsWith('/register/');
}

export function sameQuery(a: Query, b: Query): boolean {
  const ak = Object.keys(a);
  if (ak.length !== Object.keys(b).length) return false;
  return ak.every((key) => a[key] === b[key]);
}

/**
 * "Leaving to the map keeps the query except the payment-return group and the order group;
 *  latitude, longitude and pid are dropped."
 */
export function mapExitQuery(query: Query): Query {
  const drop = new Set<string>([...ORDER_GROUP, ...PAYMENT_RETURN_GROUP, 'latitude', 'longitude', 'pid']);
  const out: Query = {};
  for (const [key, value] of Object.entries(query)) if (!drop.has(key)) out[key] = value;
  return out;
}

/** A station reference in a query: "one of the query keys pid, mtskid or longitude". */
export function hasStationReference(query: Query | null | undefined): boolean {
  return !!query && (query.pid !== undefined || query.mtskid !== undefined || query.longitude !== undefined);
}

/**
 * Leaving to the map (pay-flows.md §2): "If a callback and hideRydMapLink are both present, leaving goes to the callback
 * instead. If the callback is invalid it falls back to /map." The map keeps the query minus the payment groups.
 */
export function leaveToMap(
  query: Query,
  toCallback: (callback: string) => string | null,
): { kind: 'callback'; href: string } | { kind: 'map'; search: Query } {
  if (query.callback !== undefined && query.hideRydMapLink !== undefined) {
    const href = toCallback(query.callback);
    if (href) return { kind: 'callback', href };
  }
  return { kind: 'map', search: mapExitQuery(query) };
}
