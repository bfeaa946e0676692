/**
 * EIP-55 address checksums, and the Keccak-256 they need.
 *
 * Why not viem's `getAddress`/`isAddress`: they pull in noble's general
 * SHA-3 family, viem's byte and hex encoders, an LRU cache and their error
 * classes, about 3.5 KB gzipped of the script-tag build, for the one hash the
 * widget computes (40 characters, once per address shown or typed). This is
 * Keccak-f[1600] over 64-bit BigInt lanes, small and slow (still well under a
 * millisecond for an address); test/node/checksum.test.ts holds it to viem's
 * results and to the published test vectors.
 */

const LANE = (1n << 64n) - 1n;
const rotl = (lane: bigint, by: bigint) => ((lane << by) | (lane >> (64n - by))) & LANE;

// Round constants, rotation offsets and the lane walk of the ρ and π steps,
// generated as the specification defines them instead of three tables.
const ROUND_CONSTANTS: bigint[] = [];
const ROTATIONS: bigint[] = [];
const WALK: number[] = [];
for (let round = 0, lfsr = 1, x = 1, y = 0; round < 24; round++) {
  [x, y] = [y, (2 * x + 3 * y) % 5];
  WALK.push(x + 5 * y);
  ROTATIONS.push(BigInt((((round + 1) * (round + 2)) / 2) % 64));
  let constant = 0n;
  for (let bit = 0; bit < 7; bit++) {
    lfsr = ((lfsr << 1) ^ ((lfsr >> 7) * 0x71)) % 256;
    if (lfsr & 2) constant ^= 1n << BigInt((1 << bit) - 1);
  }
  ROUND_CONSTANTS.push(constant);
}

function permute(state: bigint[]): void {
  for (const constant of ROUND_CONSTANTS) {
    // θ
    const columns = [0, 1, 2, 3, 4].map((x) => state[x]! ^ state[x + 5]! ^ state[x + 10]! ^ state[x + 15]! ^ state[x + 20]!);
    for (let x = 0; x < 5; x++) {
      const mix = columns[(x + 4) % 5]! ^ rotl(columns[(x + 1) % 5]!, 1n);
      for (let y = 0; y < 25; y += 5) state[x + y]! ^= mix;
    }
    // ρ and π
    let carried = state[1]!;
    WALK.forEach((to, step) => {
      const next = state[to]!;
      state[to] = rotl(carried, ROTATIONS[step]!);
      carried = next;
    });
    // χ (the complement is negative as a BigInt; the AND with a lane makes it a lane again)
    for (let y = 0; y < 25; y += 5) {
      const row = state.slice(y, y + 5);
      for (let x = 0; x < 5; x++) state[x + y] = row[x]! ^ (~row[(x + 1) % 5]! & row[(x + 2) % 5]!);
    }
    // ι
    state[0]! ^= constant;
  }
}

/** Keccak-256 (the pre-standard padding Ethereum uses, not SHA3-256). */
export function keccak256(input: Uint8Array): Uint8Array {
  const RATE = 136;
  const padded = new Uint8Array((Math.floor(input.length / RATE) + 1) * RATE);
  padded.set(input);
  padded[input.length]! ^= 1;
  padded[padded.length - 1]! ^= 0x80;
  const state: bigint[] = Array(25).fill(0n);
  for (let block = 0; block < padded.length; block += RATE) {
    for (let lane = 0; lane < RATE / 8; lane++) {
      let value = 0n;
      for (let byte = 7; byte >= 0; byte--) value = (value << 8n) | BigInt(padded[block + lane * 8 + byte]!);
      state[lane]! ^= value;
    }
    permute(state);
  }
  const out = new Uint8Array(32);
  out.forEach((_, i) => (out[i] = Number((state[i >> 3]! >> BigInt((i & 7) * 8)) & 255n)));
  return out;
}

export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Whether `value` is 0x and 40 hex digits (any case: the checksum is not looked at). */
export const isHexAddress = (value: string): value is `0x${string}` => EVM_ADDRESS.test(value);

/** The EIP-55 spelling of a hex address (as returned by viem's `getAddress`). */
export function checksumAddress(address: `0x${string}`): `0x${string}` {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1]! >> (i & 1 ? 0 : 4)) & 15;
    out += nibble >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  }
  return out as `0x${string}`;
}

/**
 * EIP-55 rules for a typed or received address: all-lowercase and
 * all-uppercase hex carry no checksum and pass; mixed case must match it.
 */
export function hasValidChecksum(address: `0x${string}`): boolean {
  const digits = address.slice(2);
  return digits === digits.toLowerCase() || digits === digits.toUpperCase() || checksumAddress(address) === address;
}
