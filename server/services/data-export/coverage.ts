// Every table keyed by a user, and where the data export has it: a section's file, or excluded with the reason.
// tests/unit/data-export-coverage.test.ts finds the user-keyed tables in the schema itself (a column that references
// users or such a table, or a user_id, order_id or email column), and fails for one this list does not name.
import { SECTIONS } from './sections';

/** Tables kept out of the export, and why (README.txt says so too). */
export const EXCLUDED_TABLES: Record<string, string> = {
  amazon_buyer_tokens:
    'single-use sign-in tokens of the Amazon page, kept as a hash for minutes; the identity they link is in linked-identities',
  auth_challenges:
    'one-time codes and WebAuthn challenges of a second factor, kept as hashes until they expire (minutes); secrets, not data about you',
  oidc_logins:
    "sign-ins at an OpenID provider while they run (minutes): the state, nonce and PKCE verifier of the code flow, an email code's hash. The identity they link is in linked-identities",
  psp_sessions:
    "visits of the payment provider's pages (card entry, 3-D Secure), kept until they expire; their id is the page's secret. What they produced is in payment-methods and orders",
  idempotency_keys:
    'the replay memory of your app requests for 24 hours (a copy of answers already in the other files)',
  mail_queue:
    "mails to you on their way to the mail relay; a sent one keeps no text (only its address and times, for 7 days), and this export's own ready mail is one of them",
  mails: 'the development mailbox (DEMO_MODE only): a copy of mails sent to you, not kept by a production server',
  forecourt_devices: "a pump's or charger's state, naming the order it serves while it serves it",
  forecourt_sessions: "the pump's or charger's own record of a fill; its quantity and amount are in orders",
  ocpp_id_tags: "the charger's authorisation tag of an EV order; the charge is in orders (charge)",
  ocpp_transactions:
    "the charger's transaction of an EV order (meter values); energy, time and price are in orders (charge)",
  ocpp_commands: 'commands the server sent to a charger for an order (start, stop)',
  data_exports: 'the data export jobs themselves (this file is one)',
  data_export_chunks: 'the bytes of data exports (this file is one)',
};

/** SQL table name → the files that hold it, or the reason it is excluded. */
export function exportCoverage(): Map<string, { files: string[] } | { excluded: string }> {
  const out = new Map<string, { files: string[] } | { excluded: string }>();
  for (const s of SECTIONS) {
    for (const table of s.tables) {
      const entry = out.get(table);
      const files = entry && 'files' in entry ? entry.files : [];
      out.set(table, { files: [...files, `${s.file}.json`, `${s.file}.csv`] });
    }
  }
  for (const [table, excluded] of Object.entries(EXCLUDED_TABLES)) {
    if (!out.has(table)) out.set(table, { excluded });
  }
  return out;
}
