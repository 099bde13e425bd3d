// Location polling for the geofence: one reading every 5 s while the overlay needs it. The browser is asked for the
// permission only after the driver has read why (issue 16: /pay asked on load): with the permission already given
// polling starts at once; otherwise the reading is `{ ask: true }` until `allow()` (the overlay's button).
import { useCallback, useEffect, useState } from 'react';
import { LOCATION_POLL_MS, type LocationReading } from '../model/geofence';

type Permission = 'granted' | 'prompt' | 'denied';

/** The geolocation permission as the Permissions API tells it; 'prompt' where the API is missing. */
async function geolocationPermission(): Promise<{ state: Permission; status: PermissionStatus | null }> {
  try {
    const status = await navigator.permissions.query({ name: 'geolocation' });
    return { state: status.state, status };
  } catch {
    return { state: 'prompt', status: null };
  }
}

export function useLocationPolling(active: boolean): { reading: LocationReading; allow: () => void } {
  const [reading, setReading] = useState<LocationReading>(null);
  const [allowed, setAllowed] = useState(false);
  const allow = useCallback(() => {
    setReading(null);
    setAllowed(true);
  }, []);

  // Before polling: is the permission there already? Follow its changes (granted in the browser's settings).
  useEffect(() => {
    if (!active || allowed) return;
    let stopped = false;
    let status: PermissionStatus | null = null;
    const apply = (state: Permission) => {
      if (stopped) return;
      if (state === 'granted') setAllowed(true);
      else if (state === 'denied') setReading({ errorCode: 1 });
      else setReading({ ask: true });
    };
    const onChange = () => status && apply(status.state);
    void geolocationPermission().then((p) => {
      status = p.status;
      status?.addEventListener('change', onChange);
      apply(p.state);
    });
    return () => {
      stopped = true;
      status?.removeEventListener('change', onChange);
    };
  }, [active, allowed]);

  useEffect(() => {
    if (!active || !allowed) return;
    if (!('geolocation' in navigator)) {
      setReading({ errorCode: 2 });
      return;
    }
    let stopped = false;
    const read = () =>
      navigator.geolocation.getCurrentPosition(
        (position) => {
          if (!stopped)
            setReading({ position: { latitude: position.coords.latitude, longitude: position.coords.longitude } });
        },
        (error) => {
          if (!stopped) setReading({ errorCode: error.code });
        },
        { enableHighAccuracy: true, timeout: 10_000, maximumAge: 0 },
      );
    read();
    const timer = window.setInterval(read, LOCATION_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [active, allowed]);
  return { reading, allow };
}
