// Where the driver has been: the previous route (back button, query carry) and the saved UI query (station guard).
import { UI_QUERY_STORAGE_KEY } from '../lib/constants';
import { pickUiQuery, type Query } from './query-carry';

type Place = { path: string; query: Query };
let current: Place | null = null;
let previous: Place | null = null;

export const navigation = {
  current: (): Place | null => current,
  previous: (): Place | null => previous,
  /** Called once a navigation has resolved. */
  arrived(path: string, query: Query): void {
    if (current && current.path === path) {
      current = { path, query };
    } else {
      previous = current;
      current = { path, query };
    }
    const ui = pickUiQuery(query);
    if (Object.keys(ui).length > 0) {
      try {
        localStorage.setItem(UI_QUERY_STORAGE_KEY, JSON.stringify(ui));
      } catch {
        // Storage full or blocked: the in-memory query still works for this visit.
      }
    }
  },
  savedUiQuery(): Query | null {
    try {
      const raw = localStorage.getItem(UI_QUERY_STORAGE_KEY);
      return raw ? (JSON.parse(raw) as Query) : null;
    } catch {
      return null;
    }
  },
};
