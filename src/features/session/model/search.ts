// Query keys the sign-in pages read (shell-and-account.md §2.2): email prefills a form, partner shows its logo and
// goes with a registration, data is a host app's registration payload.
import { z } from 'zod';

const text = z.string().optional().catch(undefined);

export const signInSearch = z.object({ email: text, partner: text });
export const registerSearch = signInSearch.extend({ data: text });
