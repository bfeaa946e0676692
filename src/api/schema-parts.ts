/**
 * The building blocks of the routing-service schemas (./schemas.ts,
 * ./transfer-schemas.ts): strings, numbers and texts read as the spec's
 * reading rules say. Internal to src/api; not part of the package's API.
 */
import * as z from 'zod/mini';
import { canonicalChainId } from '../model/chain-id.js';
import { MAX_SYMBOL_LENGTH, inertText } from '../model/text.js';

/** A whole number from 0 to `max`: decimals, counts. */
export const natural = (max = Number.MAX_SAFE_INTEGER) => z.int().check(z.minimum(0), z.maximum(max));

/** A string matching `pattern`. */
export const matching = (pattern: RegExp, message: string) => z.string().check(z.regex(pattern, message));

export const string = z.string();

export const nonEmpty = z.string().check(z.minLength(1));

export const boolean = z.boolean();

/** A name or symbol shown to the user: inert (see src/model/text.ts). */
const shown = (max?: number) =>
  z.pipe(
    string,
    z.transform((value: string) => inertText(value, max)),
  );
export const name = shown();
export const symbol = shown(MAX_SYMBOL_LENGTH);

/** A string or a number (both seen upstream for ids and codes). */
export const stringOrNumber = z.union([z.string(), z.number()]);

/** Decimal digits, or '' for a field the service has not filled yet. */
export const digitsOrEmpty = matching(/^\d*$/, 'expected a decimal integer string');

/** A string that may be missing or null upstream; read as undefined then. */
export const optionalText = z.optional(
  z.pipe(
    z.nullable(string),
    z.transform((value: string | null) => value ?? undefined),
  ),
);

/** A number that may be missing or null upstream (prices). */
export const optionalNumber = z.optional(z.nullable(z.number()));

/** Decimal string of an integer in smallest units, parsed to bigint. */
export const uintString = z.pipe(
  matching(/^\d+$/, 'expected a decimal integer string'),
  z.transform((value: string) => BigInt(value)),
);

/** Same as {@link uintString}, but `null`, `""` and absence read as undefined (fields "populated once ..."). */
export const optionalUint = z.optional(
  z.pipe(
    z.nullable(digitsOrEmpty),
    z.transform((value: string | null) => (value ? BigInt(value) : undefined)),
  ),
);

/** A chain id: a non-empty string, or a safe integer turned into its string (some upstreams emit numeric EVM ids); an EVM id in decimal. */
export const chainIdSchema = z.pipe(
  z.union([nonEmpty, z.int()]),
  z.transform((value: string | number) => canonicalChainId(String(value))),
);
