import { hostAppsResponse } from '../../contract/host-apps';
import { api } from '../../lib/http/index';

export const embeddingApi = {
  /** The host apps the server allows to embed the app and take control back (GET /api/v4/host-apps). */
  hostApps: (signal?: AbortSignal) => api.request('v4/host-apps', hostAppsResponse, { signal }),
};
