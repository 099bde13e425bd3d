// Query-string schemas without zod (issue 16): every route's validateSearch runs in the app's entry chunk, and full zod
// there cost ~25 KiB gzip on every first visit. These few combinators keep the zod rules the routes used:
// - a field never fails: a value it does not accept becomes undefined (zod's `.optional().catch(undefined)`), or the
//   field's fallback (`.catch(x)`);
// - `searchObject` keeps only its keys (zod's `object`), `looseSearchObject` keeps the others too (`looseObject`); a
//   key absent from the input stays absent from the output;
// - `.shape` and `.extend()` as in zod; `.parse()` for callers and tests.
// The objects are Standard Schema validators, so TanStack Router reads their input and output types.

/** One query key's rule. `Opt`: may the key be left out (of a link's search as of the parsed result). */
export type Field<In, Out, Opt extends boolean = true> = {
  (value: unknown): Out;
  /** Type only: what a link may pass, and whether the key is optional. */
  readonly '~types'?: { input: In; output: Out; optional: Opt };
};

export type Shape = Record<string, Field<unknown, unknown, boolean>>;

type Expand<T> = { [K in keyof T]: T[K] } & {};
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: NonNullable<S[K]['~types']>['optional'] extends true ? K : never;
}[keyof S];
type RequiredKeys<S extends Shape> = Exclude<keyof S, OptionalKeys<S>>;
type Io<S extends Shape, Side extends 'input' | 'output'> = Expand<
  { [K in OptionalKeys<S>]?: NonNullable<S[K]['~types']>[Side] } & {
    [K in RequiredKeys<S>]: NonNullable<S[K]['~types']>[Side];
  }
>;
type Loosen<T, Loose extends boolean> = Loose extends true ? Expand<T & { [key: string]: unknown }> : T;

export type SearchInput<S extends Shape, Loose extends boolean = false> = Loosen<Io<S, 'input'>, Loose>;
export type SearchOutput<S extends Shape, Loose extends boolean = false> = Loosen<Io<S, 'output'>, Loose>;

export type SearchSchema<S extends Shape, Loose extends boolean = false> = {
  readonly shape: S;
  parse(input: unknown): SearchOutput<S, Loose>;
  extend<M extends Shape>(more: M): SearchSchema<Expand<Omit<S, keyof M> & M>, Loose>;
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'forecourt';
    validate(
      input: unknown,
    ): { value: SearchOutput<S, Loose>; issues?: undefined } | { issues: ReadonlyArray<{ message: string }> };
    readonly types?: { input: SearchInput<S, Loose>; output: SearchOutput<S, Loose> };
  };
};

/** The output type of a search schema (zod's `z.output`). */
export type Infer<T> = T extends SearchSchema<infer S, infer Loose> ? SearchOutput<S, Loose> : never;

function field<In, Out, Opt extends boolean = true>(parse: (value: unknown) => Out): Field<In, Out, Opt> {
  return parse as Field<In, Out, Opt>;
}

type TextRules = { min?: number; max?: number; pattern?: RegExp };

/** A string (zod's `z.string()` with its min/max length and regex), else undefined. */
export function text(rules: TextRules = {}): Field<string | undefined, string | undefined> {
  const { min = 0, max = Number.POSITIVE_INFINITY, pattern } = rules;
  return field((value) =>
    typeof value === 'string' && value.length >= min && value.length <= max && (!pattern || pattern.test(value))
      ? value
      : undefined,
  );
}

/** One of the given strings (zod's `z.enum`), else undefined. */
export function oneOf<const V extends string>(values: readonly V[]): Field<V | undefined, V | undefined> {
  return field((value) => ((values as readonly unknown[]).includes(value) ? (value as V) : undefined));
}

/** One of the given strings, else the fallback (zod's `z.enum(values).catch(fallback)`): the key is required. */
export function oneOfOr<const V extends string>(values: readonly V[], fallback: NoInfer<V>): Field<V, V, false> {
  return field((value) => ((values as readonly unknown[]).includes(value) ? (value as V) : fallback));
}

/** A boolean (the router parses `?edit=true` to true), else undefined. */
export function flag(): Field<boolean | undefined, boolean | undefined> {
  return field((value) => (typeof value === 'boolean' ? value : undefined));
}

/** A positive safe integer, from a number or its string (zod's `z.coerce.number().int().positive()`), else undefined. */
export function positiveInt(): Field<string | number | undefined, number | undefined> {
  return field((value) => {
    if (value === undefined) return undefined;
    let n: number;
    try {
      n = Number(value);
    } catch {
      return undefined; // a Symbol, say
    }
    return Number.isSafeInteger(n) && n > 0 ? n : undefined;
  });
}

function makeSchema<S extends Shape, Loose extends boolean>(shape: S, loose: Loose): SearchSchema<S, Loose> {
  function parse(input: unknown): SearchOutput<S, Loose> {
    if (typeof input !== 'object' || input === null || Array.isArray(input))
      throw new TypeError('A search must be an object');
    const source = input as Record<string, unknown>;
    const out: Record<string, unknown> = loose ? { ...source } : {};
    for (const [key, rule] of Object.entries(shape)) {
      const value = rule(source[key]);
      if (value !== undefined || Object.hasOwn(source, key)) out[key] = value;
    }
    return out as SearchOutput<S, Loose>;
  }
  return {
    shape,
    parse,
    extend: (more) => makeSchema({ ...shape, ...more }, loose) as never,
    '~standard': {
      version: 1,
      vendor: 'forecourt',
      validate(input) {
        try {
          return { value: parse(input) };
        } catch (error) {
          return { issues: [{ message: error instanceof Error ? error.message : String(error) }] };
        }
      },
    },
  };
}

/** An object of these keys only (zod's `z.object`). */
export function searchObject<S extends Shape>(shape: S): SearchSchema<S, false> {
  return makeSchema(shape, false);
}

/** These keys checked, any other key kept as it is (zod's `z.looseObject`). */
export function looseSearchObject<S extends Shape>(shape: S): SearchSchema<S, true> {
  return makeSchema(shape, true);
}
