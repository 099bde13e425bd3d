import { api, lazySchema } from '../../lib/http/index';

// The response schema loads with the first call, not with the app's entry (lib/http/client.ts).
const hostAppsResponse = lazySchema(() => import('../../contract/host-apps').then((m) => m.hostAppsResponse));

export const embeddingApi = {
  /** The host apps the server allows to embed the app and take control back (GET /api/v4/host-apps). */
  hostApps: (signal?: AbortSignal) => api.request('v4/host-apps', hostAppsResponse, { signal }),
};
