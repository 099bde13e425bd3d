// The account area's calls that the landing page never needs (kept out of api.ts, which the entry loads).
import { dataDumpResponse } from '../../../contract/users';
import { api } from '../../lib/http/index';

export const accountApi = {
  /** GET /events/request-data-dump: the server mails the export; answers the address it went to. */
  requestDataDump: () => api.request('events/request-data-dump', dataDumpResponse),
};
