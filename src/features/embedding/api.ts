import { hostAppsAnswer } from '../../../contract/plain/host-apps';
import { api } from '../../lib/http/index';

export const embeddingApi = {
  /**
   * The host apps the server allows to embed the app and take control back (GET /api/v4/host-apps). Asked for at
   * every start, so read without zod (contract/plain/host-apps.ts).
   */
  hostApps: (signal?: AbortSignal) => api.request('v4/host-apps', hostAppsAnswer, { signal }),
};
