// The account area's calls that the landing page never needs (kept out of api.ts, which the entry loads).
import { dataDumpResponse, latestDataExportResponse } from '../../../contract/users';
import { api } from '../../lib/http/index';

const enc = encodeURIComponent;

export const accountApi = {
  /** GET /events/request-data-dump: the server builds the export in the background and mails when it is ready. */
  requestDataDump: () => api.request('events/request-data-dump', dataDumpResponse),
  /** GET /v4/users/data-export: the newest export's state (null: none yet). */
  latestDataExport: (signal?: AbortSignal) =>
    api.request('v4/users/data-export', latestDataExportResponse, signal ? { signal } : {}),
  /** The ZIP itself: the session's header is needed, so a plain link cannot fetch it. */
  downloadDataExport: (id: string) => api.blob(`v4/users/data-export/${enc(id)}/download`),
};
