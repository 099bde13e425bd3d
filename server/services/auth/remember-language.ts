import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { preferredLanguage } from '../../accept-language';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { MAIL_LOCALES } from '../../mail/i18n';

/**
 * After a registration or a sign-in: the app's language (its X-Locale header, else Accept-Language) becomes the
 * account's, the language of its mails (issue 36). A request that names none of the nine languages changes nothing;
 * an unchanged language writes nothing.
 */
export async function rememberLanguage({
  ctx,
  input,
}: {
  ctx: AppContext;
  input: { userId: string; language: string | undefined };
}): Promise<void> {
  if (!input.language) return;
  const chosen = preferredLanguage(input.language, MAIL_LOCALES);
  // preferredLanguage falls back to English: only when the request asked for it does it count.
  if (!chosen || (chosen === 'en' && !/(^|,)\s*en\b/i.test(input.language))) return;
  await ctx.db
    .update(users)
    .set({ language: chosen })
    .where(and(eq(users.id, input.userId), or(isNull(users.language), ne(users.language, chosen))));
}
