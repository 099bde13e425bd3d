// Accept-Language, read one way for the prerendered pages, the mails and the account's remembered language.

/**
 * The language of `available` an Accept-Language header prefers (by q, then order; a region is ignored, as the app
 * does with navigator.languages), else 'en' when available, else null.
 */
export function preferredLanguage(header: string | undefined, available: readonly string[]): string | null {
  const wanted = (header ?? '')
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { language: tag.trim().toLowerCase().split(/[-_]/)[0] ?? '', q: q ? Number(q[1]) : 1, order };
    })
    .filter(({ language, q }) => language && q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  const found = wanted.find(({ language }) => available.includes(language));
  return found?.language ?? (available.includes('en') ? 'en' : null);
}
