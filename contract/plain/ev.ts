// Plain values of the EV contract (contract/ev.ts re-exports them): the summary's pre-authorization rule must not
// load zod (issue 16).

/** pay-flows.md §9: "Default EV pre-authorization amounts: DKK 600, EUR 80, CZK 2000, PLN 350, CHF 80" (minor units). */
export const EV_PREAUTHORIZATION_DEFAULTS: Readonly<Record<string, number>> = {
  DKK: 60_000,
  EUR: 8_000,
  CZK: 200_000,
  PLN: 35_000,
  CHF: 8_000,
};

/** The amount held for a charge (minor units, precision 2): the PSP's preauth config first, else the defaults; undefined when neither knows the currency. */
export function evPreAuthorization(
  currencyCode: string,
  pspConfig: Readonly<Record<string, number>> = {},
): number | undefined {
  return pspConfig[currencyCode] ?? EV_PREAUTHORIZATION_DEFAULTS[currencyCode];
}
