// Combinators for the plain response checks (plain-schema.ts): the few zod shapes the contract uses for the answers a
// first screen waits for (the guest sign-in, the user, the station), written once more without zod. Building the zod
// schemas of a contract module costs a cold phone more than parsing with them (issue 16: ~50 ms for the stations
// module at CPU × 4); these cost nothing until they read. Each check answers as its zod twin: the unit test
// tests/unit/plain-schema.test.ts generates values near the zod schema's shape and holds the two to the same answer.

import { isRecord, type PlainSchema } from './plain-schema';

/** A read that does not fit. */
export const MISS: unique symbol = Symbol('miss');
export type Reader<T> = (value: unknown) => T | typeof MISS;

type Out<R> = R extends Reader<infer T> ? T : never;

export function str(rules: { regex?: RegExp; min?: number; max?: number } = {}): Reader<string> {
  return (value) => {
    if (typeof value !== 'string') return MISS;
    if (rules.regex) {
      rules.regex.lastIndex = 0;
      if (!rules.regex.test(value)) return MISS;
    }
    if (rules.min !== undefined && value.length < rules.min) return MISS;
    if (rules.max !== undefined && value.length > rules.max) return MISS;
    return value;
  };
}

/** z.number() (finite), .int() (a safe integer), .min() and .max() inclusive. */
export function num(rules: { int?: boolean; min?: number; max?: number } = {}): Reader<number> {
  return (value) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) return MISS;
    if (rules.int && !Number.isSafeInteger(value)) return MISS;
    if (rules.min !== undefined && value < rules.min) return MISS;
    if (rules.max !== undefined && value > rules.max) return MISS;
    return value;
  };
}

export const int = (rules: { min?: number; max?: number } = {}) => num({ ...rules, int: true });

export const bool: Reader<boolean> = (value) => (typeof value === 'boolean' ? value : MISS);

export function oneOf<const T extends readonly string[]>(values: T): Reader<T[number]> {
  const allowed = new Set<unknown>(values);
  return (value) => (allowed.has(value) ? (value as T[number]) : MISS);
}

export const unknown: Reader<unknown> = (value) => value;

export function optional<T>(read: Reader<T>): Reader<T | undefined> {
  return (value) => (value === undefined ? undefined : read(value));
}

export function nullable<T>(read: Reader<T>): Reader<T | null> {
  return (value) => (value === null ? null : read(value));
}

export function arr<T>(read: Reader<T>): Reader<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return MISS;
    const out: T[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = read(value[i]);
      if (item === MISS) return MISS;
      out[i] = item;
    }
    return out;
  };
}

/** z.record(z.string(), value): a plain object, every own key's value read. */
export function record<T>(read: Reader<T>): Reader<Record<string, T>> {
  return (value) => {
    if (!isRecord(value)) return MISS;
    const out: Record<string, T> = {};
    for (const key of Reflect.ownKeys(value)) {
      if (typeof key !== 'string') continue;
      const item = read(value[key]);
      if (item === MISS) return MISS;
      // As zod writes it: a key named __proto__ is the object's own key, not its prototype.
      Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
    }
    return out;
  };
}

type Shape = Record<string, Reader<unknown>>;
type Obj<S extends Shape> = { [K in keyof S]: Out<S[K]> };

/** z.object(shape): the known keys only; a key that is absent stays absent when its check answers undefined. */
export function obj<S extends Shape>(shape: S): Reader<Obj<S>> {
  const keys = Object.keys(shape);
  return (value) => {
    if (!isRecord(value)) return MISS;
    const out: Record<string, unknown> = {};
    for (const key of keys) {
      const present = key in value;
      const item = (shape[key] as Reader<unknown>)(value[key]);
      if (item === MISS) return MISS;
      if (item !== undefined || present) out[key] = item;
    }
    return out as Obj<S>;
  };
}

/** The HTTP client's plain schema (plain-schema.ts) of a reader. */
export function checked<T>(read: Reader<T>): PlainSchema<T> {
  return {
    plain: true,
    safeParse(value) {
      const data = read(value);
      return data === MISS ? { success: false } : { success: true, data };
    },
  };
}
