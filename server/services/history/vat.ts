// Standard VAT rates of the network's countries (shell-and-account.md §9 Countries), in basis points; fuel, charging,
// washing and gift cards are all at the standard rate. Prices at the pump are gross: the net is taken out of them.
export const VAT_BASIS_POINTS: Record<string, number> = {
  AT: 2000,
  BE: 2100,
  CH: 810,
  DE: 1900,
  DK: 2500,
  ES: 2100,
  IT: 2200,
  LU: 1700,
  NL: 2100,
  PL: 2300,
  PT: 2300,
};

/** Net and VAT of a gross amount (minor units): the VAT is rounded half up, the net is what is left. */
export function splitGross(gross: number, basisPoints: number): { net: number; vat: number } {
  const net = Math.round((gross * 10_000) / (10_000 + basisPoints));
  return { net, vat: gross - net };
}
