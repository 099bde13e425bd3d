// Host apps: the origins that may embed the app and receive control back through `callback` (pay-flows.md §4
// Callback handling, §5). The server holds the allowlist (HOST_APP_ORIGINS; default: its own origin, the demo host
// page) and answers it at GET /api/v4/host-apps; app and server apply the same rule below.
import { z } from 'zod';
import {
  type CallbackPolicy,
  HOST_APPS_MAX_AGE_SECONDS,
  isAllowedCallback,
  normalizeOrigin,
  SDK_CALLBACK_LITERAL,
} from './plain/host-apps';

// The rule and the constants live in plain/host-apps.ts (no zod).
export { type CallbackPolicy, HOST_APPS_MAX_AGE_SECONDS, isAllowedCallback, normalizeOrigin, SDK_CALLBACK_LITERAL };

/** GET /api/v4/host-apps: the allowed origins (as browsers spell them, e.g. https://host.example) and DEMO_MODE. */
export const hostAppsResponse = z.object({
  origins: z.array(z.string()),
  /** In DEMO_MODE a callback may also use http on a loopback host (localhost, 127.0.0.1, [::1]). */
  demoMode: z.boolean(),
});
export type HostAppsResponse = z.infer<typeof hostAppsResponse>;
