// The simulated trip recorder: a deterministic logbook of a driver in Berlin (commutes on weekdays, errands and the
// odd trip out of town at weekends), with the fuel stops such driving needs. Pure: the same seed gives the same trips.
import { haversineM } from './geo';

type Place = { name: string; address: string; latitude: number; longitude: number };

const HOME: Place = {
  name: 'home',
  address: 'Invalidenstraße 112, 10115 Berlin',
  latitude: 52.5313,
  longitude: 13.3849,
};
const WORK: Place = {
  name: 'work',
  address: 'Schlesische Straße 26, 10997 Berlin',
  latitude: 52.4986,
  longitude: 13.4466,
};
const ERRANDS: Place[] = [
  { name: 'market', address: 'Schönhauser Allee 80, 10439 Berlin', latitude: 52.5486, longitude: 13.4131 },
  { name: 'gym', address: 'Kurfürstendamm 195, 10707 Berlin', latitude: 52.5006, longitude: 13.3132 },
  { name: 'friends', address: 'Karl-Marx-Straße 101, 12043 Berlin', latitude: 52.4781, longitude: 13.4393 },
  { name: 'hardware', address: 'Landsberger Allee 360, 12681 Berlin', latitude: 52.5346, longitude: 13.5227 },
];
const AWAY: Place[] = [
  { name: 'potsdam', address: 'Brandenburger Straße 30, 14467 Potsdam', latitude: 52.3996, longitude: 13.0566 },
  { name: 'leipzig', address: 'Augustusplatz 9, 04109 Leipzig', latitude: 51.3397, longitude: 12.3817 },
  { name: 'lake', address: 'Seestraße 2, 15526 Bad Saarow', latitude: 52.2858, longitude: 14.0617 },
];

export type SimulatedTrip = {
  startTime: Date;
  endTime: Date;
  distanceM: number;
  drivingScore: number;
  start: Place;
  end: Place;
};
export type SimulatedFill = { time: Date; litres: number; pricePerLitreMilli: number; odometerM: number };

/** mulberry32: a small seeded PRNG. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function simulateTrips(input: { from: Date; to: Date; seed: number; startOdometerM: number }): {
  trips: SimulatedTrip[];
  fills: SimulatedFill[];
} {
  const rnd = random(input.seed);
  const pick = <T>(list: T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const trips: SimulatedTrip[] = [];
  const fills: SimulatedFill[] = [];
  let odometer = input.startOdometerM;
  let sinceFill = 0;
  let fillAt = 520_000 + rnd() * 120_000;
  const drive = (from: Place, to: Place, start: Date) => {
    const distanceM = Math.round(haversineM(from, to) * (1.25 + rnd() * 0.2));
    const kmh = distanceM > 50_000 ? 85 + rnd() * 25 : 22 + rnd() * 12;
    const end = new Date(start.getTime() + Math.round((distanceM / 1000 / kmh) * 3600_000));
    if (end > input.to) return start;
    trips.push({
      startTime: start,
      endTime: end,
      distanceM,
      drivingScore: Math.round(58 + rnd() * 40),
      start: from,
      end: to,
    });
    odometer += distanceM;
    sinceFill += distanceM;
    if (sinceFill >= fillAt) {
      const litres = Math.round((sinceFill / 100_000) * (6.1 + rnd() * 1.2) * 100) / 100;
      fills.push({
        time: new Date(end.getTime() + 10 * 60_000),
        litres,
        pricePerLitreMilli: Math.round(1699 + rnd() * 160),
        odometerM: odometer,
      });
      sinceFill = 0;
      fillAt = 520_000 + rnd() * 120_000;
    }
    return end;
  };
  const day = new Date(Date.UTC(input.from.getUTCFullYear(), input.from.getUTCMonth(), input.from.getUTCDate()));
  for (; day < input.to; day.setUTCDate(day.getUTCDate() + 1)) {
    const at = (hours: number) => new Date(day.getTime() + Math.round(hours * 3600_000));
    const weekday = day.getUTCDay();
    if (weekday >= 1 && weekday <= 5) {
      if (rnd() < 0.12) continue; // working from home
      let t = drive(HOME, WORK, at(6.3 + rnd() * 1.2));
      if (rnd() < 0.35) {
        const errand = pick(ERRANDS);
        t = drive(WORK, errand, at(15.5 + rnd() * 1.5));
        drive(errand, HOME, new Date(t.getTime() + (40 + rnd() * 60) * 60_000));
      } else drive(WORK, HOME, at(15.5 + rnd() * 2));
      if (t > input.to) break;
    } else if (rnd() < 0.3) {
      const away = pick(AWAY);
      const t = drive(HOME, away, at(8 + rnd() * 2));
      drive(away, HOME, new Date(t.getTime() + (3 + rnd() * 5) * 3600_000));
    } else {
      const n = Math.floor(rnd() * 3);
      let where = HOME;
      let t = at(9 + rnd() * 3);
      for (let i = 0; i < n; i++) {
        const next = i === n - 1 ? HOME : pick(ERRANDS);
        if (next === where) continue;
        t = drive(where, next, t);
        t = new Date(t.getTime() + (30 + rnd() * 120) * 60_000);
        where = next;
      }
      if (where !== HOME) drive(where, HOME, t);
    }
  }
  return { trips, fills };
}
