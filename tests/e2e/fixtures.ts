// Every e2e test runs with a Content-Security-Policy guard: a `securitypolicyviolation` in any page of the test's
// context fails the test (issue 10: the CSP is the defence of the token the spec keeps in local storage, so nothing
// may need an exception to it).
import { test as base, expect } from '@playwright/test';
import { DEMO_STATIONS, NETWORK } from '../../server/seed/stations';

export const test = base.extend<{ cspGuard: undefined }>({
  cspGuard: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          console.error(
            `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber}`,
          );
        });
      });
      context.on('console', (message) => {
        if (message.text().startsWith('CSP violation:')) violations.push(`${message.page()?.url()}: ${message.text()}`);
      });
      await use(undefined);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export type { Browser, BrowserContext, Page } from '@playwright/test';
export { expect };

/** A station of the demo network by its city, shaped like a DEMO_STATIONS entry. */
function networkStation(city: string) {
  const s = NETWORK.find((x) => x.address.city === city);
  if (!s) throw new Error(`no demo station in ${city}`);
  return { id: s.id, name: s.name, latitude: s.latitude, longitude: s.longitude };
}

/** The demo stations, and two the e2e tests take for a device change no other spec may see. */
export const STATIONS = {
  ...DEMO_STATIONS,
  /** Liège: 4 prepay pumps and 2 wash bays; wash.spec.ts puts both bays out of order for a while. */
  washFault: networkStation('Liège'),
  /** Graz (Alpina, as München: no hint screen): 4 postpay pumps; stations.spec.ts takes it offline for a while. */
  goesOffline: networkStation('Graz'),
  /** Zürich: 8 prepay pumps and a wash bay, the lowest card of the console at 360 px; console.spec.ts faults the bay. */
  consoleTaps: networkStation('Zürich'),
  /** Nürnberg: 4 prepay pumps no other spec uses; lie-fi.spec.ts pays and fuels at pump 1. */
  lieFiPrepay: networkStation('Nürnberg'),
} as const;
export type StationKey = keyof typeof STATIONS;

/**
 * Which spec file may change which device. Spec files run side by side (2 workers) and a device keeps what a test did
 * to it for the rest of the run: a pump paid for and never lifted stays RELEASED (only the 15-minute watchdog frees
 * it), a fault shows on every driver's grid, a station taken offline sends every driver to the error page. So no two
 * files share a device ('*': the whole station). Tests of one file run in order and may reuse their file's devices.
 * Only reading a station, or buying a wash (a code, no bay taken), changes no device and needs no row.
 * A pump here is its name on the grid and the console ("Pump 7" is '7'); Hamburg shows pumps 1-9 on the grid's first
 * page, so a spec that taps a pump takes one of those.
 *
 *   station     device            spec file          what the spec does to it
 *   prepay      Pump 1, 2         stations           pumps enabled, the grid counts 10; guest taps (no order)
 *   prepay      Pump 3 (pay), 4   live               pays, fuels, hangs up; faults and clears
 *   prepay      Pump 5            wallets            guest pays with Google Pay, fuels
 *   prepay      Pump 6-10         prepay             pays, fuels or cancels (10 twice, in order)
 *   manyPumps   Pump 1, 3         wallets            Apple Pay and Amazon Pay pay: both stay RELEASED
 *   manyPumps   Pump 11           wallets            Google Pay through the browser's payment handler, fuels
 *   manyPumps   Pump 2            stations           faults and clears
 *   manyPumps   Pump 4            resume-order       pays, fuels with the app closed, hangs up
 *   manyPumps   Pump 5, 6         pin                pays (5); wrong PINs on the summary (6)
 *   manyPumps   Pump 7            loyalty            to the summary
 *   manyPumps   Pump 8            vouchers           pays, fuels
 *   manyPumps   Pump 9            referral           the friend pays, fuels
 *   manyPumps   Pump 10           history            an order paid and fuelled through the API
 *   postpay     Pump 2, 3, 4      postpay            fuels unpaid, pays, lets expire, cancels
 *   payconiq    Pump 1, 2         redirect-methods   pays (one refused)
 *   payconiq    Pump 3, 4, 5      card-payments      3-D Secure approved (RELEASED), denied, declined
 *   lisbon      Pump 1, 2, 3      wallet-methods     PayPal, MB WAY pay
 *   lisbon      Pump 4            webauthn           pays with a passkey
 *   fuelCard    Pump 2            wallet-methods     pays with the fuel card
 *   fuelCard    Pump 5            odometer           the fuel card's VIN screen, pays, fuels
 *   fuelCard    Pump 6, 7         fuel-card-summary  a fuel card switched to / refused on the summary: pays (RELEASED)
 *   ev          Charger 1, 3      ev                 plugs, charges, stops
 *   washFault   Wash Bay 1, 2     wash               out of order, then cleared
 *   goesOffline *                 stations           taken offline, then online
 *   consoleTaps Wash Bay 1        console            faulted from the console at phone size, then cleared
 *   lieFiPrepay Pump 1            lie-fi             pays, fuels (once per seed, in order)
 *   postpay     Pump 5            lie-fi             fuels, pays (once per seed, in order)
 */
const DEVICES = {
  stations: { prepay: ['1', '2'], manyPumps: ['2'], goesOffline: ['*'] },
  live: { prepay: ['3', '4'] },
  wallets: { prepay: ['5'], manyPumps: ['1', '3', '11'] },
  prepay: { prepay: ['6', '7', '8', '9', '10'] },
  pin: { manyPumps: ['5', '6'] },
  loyalty: { manyPumps: ['7'] },
  vouchers: { manyPumps: ['8'] },
  referral: { manyPumps: ['9'] },
  history: { manyPumps: ['10'] },
  'resume-order': { manyPumps: ['4'] },
  postpay: { postpay: ['2', '3', '4'] },
  'redirect-methods': { payconiq: ['1', '2'] },
  'card-payments': { payconiq: ['3', '4', '5'] },
  'wallet-methods': { lisbon: ['1', '2', '3'], fuelCard: ['2'] },
  webauthn: { lisbon: ['4'] },
  odometer: { fuelCard: ['5'] },
  'fuel-card-summary': { fuelCard: ['6', '7'] },
  ev: { ev: ['Charger 1', 'Charger 3'] },
  wash: { washFault: ['Wash Bay 1', 'Wash Bay 2'] },
  console: { consoleTaps: ['Wash Bay 1'] },
  'lie-fi': { lieFiPrepay: ['1'], postpay: ['5'] },
} as const satisfies Record<string, Partial<Record<StationKey, readonly string[]>>>;
type SpecName = keyof typeof DEVICES;

// Two files on one device fail here, when any spec loads, rather than now and then when they happen to overlap.
// (hintPhone and fuelCard are one station: keyed by id, not by name.)
{
  const owner = new Map<string, string>();
  for (const [spec, stations] of Object.entries(DEVICES))
    for (const [key, devices] of Object.entries(stations as Record<string, readonly string[]>)) {
      const id = STATIONS[key as StationKey].id;
      for (const device of devices) {
        for (const clash of device === '*'
          ? [...owner.keys()].filter((k) => k.startsWith(`${id}/`))
          : [`${id}/${device}`, `${id}/*`])
          if (owner.has(clash) && owner.get(clash) !== spec)
            throw new Error(`e2e devices: ${spec} and ${owner.get(clash)} both take ${key} ${device}`);
        owner.set(`${id}/${device}`, spec);
      }
    }
}

/** The devices of `station` that `spec` may change (the table above). */
export function devicesOf<S extends SpecName, K extends keyof (typeof DEVICES)[S]>(
  spec: S,
  station: K,
): (typeof DEVICES)[S][K] {
  return DEVICES[spec][station];
}
