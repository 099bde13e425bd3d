// Map geolocation: a reading now and every 5 s while the page is visible (shell-and-account.md §4, §9); a hidden page
// (another tab, the phone locked) stops asking until it is visible again.
import { useEffect, useReducer } from 'react';
import { type GeoEvent, type GeoState, geoTransition, LOCATION_POLL_MS } from '../model/geolocation';

export function useGeolocation(): GeoState {
  const [state, dispatch] = useReducer((s: GeoState, e: GeoEvent) => geoTransition(s, e), {
    kind: 'locating',
  } as GeoState);
  useEffect(() => {
    if (!('geolocation' in navigator)) {
      dispatch({ type: 'error', code: 2 });
      return;
    }
    let stopped = false;
    let timer: number | undefined;
    const read = () =>
      navigator.geolocation.getCurrentPosition(
        (p) => {
          if (!stopped)
            dispatch({ type: 'fix', position: { latitude: p.coords.latitude, longitude: p.coords.longitude } });
        },
        (error) => {
          if (!stopped) dispatch({ type: 'error', code: error.code });
        },
        { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 },
      );
    const start = () => {
      if (timer !== undefined) return;
      read();
      timer = window.setInterval(read, LOCATION_POLL_MS);
    };
    const stop = () => {
      window.clearInterval(timer);
      timer = undefined;
    };
    const onVisibility = () => (document.visibilityState === 'visible' ? start() : stop());
    onVisibility();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      stopped = true;
      stop();
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, []);
  return state;
}
