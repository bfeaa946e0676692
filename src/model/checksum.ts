/**
 * EVM addresses: the hex form, checked here at once, and the EIP-55 checksum
 * in the case of mixed-case hex, which needs Keccak-256 and so lives in a
 * chunk of its own (./eip55.ts), loaded on demand: when a mixed-case address
 * is typed or checked, when an account is shown or handed on (a wallet's
 * accounts are kept lowercase and used at once: nothing that needs an account
 * waits for this code), and with the later moments that show addresses. The first
 * load carries no Keccak (about 1.5 KB gzip that no first render needs).
 */

import { lazy } from './lazy.js';

export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Whether `value` is 0x and 40 hex digits (any case: the checksum is not looked at). */
export const isHexAddress = (value: string): value is `0x${string}` => EVM_ADDRESS.test(value);

/** Whether the case of a hex address carries an EIP-55 checksum: mixed case does, all lower or all upper case does not. */
export function carriesChecksum(address: `0x${string}`): boolean {
  const digits = address.slice(2);
  return digits !== digits.toLowerCase() && digits !== digits.toUpperCase();
}

export type Eip55 = typeof import('./eip55.js');

const eip55 = lazy(() => import('./eip55.js'));

/** The checksum code (./eip55.ts), loaded once (./lazy.ts: a failed load is tried again on the next call). */
export const loadChecksum: () => Promise<Eip55> = eip55.load;

/** The checksum code when it has arrived, else undefined. */
export const checksumLoaded: () => Eip55 | undefined = eip55.loaded;

/**
 * The EIP-55 spelling of an address the widget holds (a wallet's account is
 * kept lowercase, see ../wallet/hex.ts), for where it is shown: at once when
 * the checksum code is here; else the address as given, the code's load
 * starts and `changed` is called when it has arrived.
 */
export function checksumNow(address: `0x${string}`, changed: () => void): `0x${string}` {
  const loaded = eip55.loaded();
  if (loaded) return loaded.checksumAddress(address);
  loadChecksum().then(changed, () => {});
  return address;
}

/**
 * The EIP-55 verdict on the case of a hex address as far as it is known now:
 * true without a checksum to check (all lower or all upper case), the
 * checksum's answer for mixed case once its code has arrived, and undefined
 * until then (the load starts; check again after `loadChecksum()` resolves).
 */
export function checksumVerdict(address: `0x${string}`): boolean | undefined {
  if (!carriesChecksum(address)) return true;
  const loaded = eip55.loaded();
  if (loaded) return loaded.hasValidChecksum(address);
  void loadChecksum().catch(() => {});
  return undefined;
}
