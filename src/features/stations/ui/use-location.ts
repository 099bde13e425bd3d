// Location polling for the geofence: one reading every 5 s while the overlay needs it.
import { useEffect, useState } from 'react';
import { LOCATION_POLL_MS, type LocationReading } from '../model/geofence';

export function useLocationPolling(active: boolean): LocationReading {
  const [reading, setReading] = useState<LocationReading>(null);
  useEffect(() => {
    if (!active) return;
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
  }, [active]);
  return reading;
}
