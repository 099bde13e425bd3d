// Query keys the sign-in pages read (shell-and-account.md §2.2): email prefills a form, partner shows its logo and
// goes with a registration, data is a host app's registration payload.
import { searchObject, text as textRule } from '../../../lib/search-schema';

const text = textRule();

export const signInSearch = searchObject({ email: text, partner: text });
export const registerSearch = signInSearch.extend({ data: text });
