// shell-and-account.md §5 "Tax ID must be valid for Portugal": the Portuguese NIF (número de identificação fiscal).
// Shared by the app's /tax form and the server's PATCH /users/{id}, so both refuse the same ids.

/** Spaces, dots and dashes are how people write it; a leading "PT" is the VAT prefix. */
export function normalizeTaxId(value: string): string {
  return value.replace(/[\s.-]/g, '').replace(/^PT/i, '');
}

/**
 * Nine digits; the first says what kind of taxpayer (1–3 people, 45 non-residents, 5 companies, 6 public bodies,
 * 7/8/9 other entities); the ninth is a mod-11 check digit over the first eight weighted 9…2 (a remainder of 0 or 1
 * gives 0, otherwise 11 − remainder).
 */
export function isValidPortugueseNif(value: string): boolean {
  const nif = normalizeTaxId(value);
  if (!/^\d{9}$/.test(nif)) return false;
  if (!/^([123568]|45|7[0-9]|9[0189])/.test(nif)) return false;
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(nif[i]) * (9 - i);
  const remainder = sum % 11;
  const check = remainder < 2 ? 0 : 11 - remainder;
  return check === Number(nif[8]);
}
