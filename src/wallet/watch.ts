import { parseAccounts, parseChainId, type Address } from './hex.js';
import type { Eip1193Provider } from './provider.js';

export interface WalletEventHandlers {
  accountsChanged?(accounts: Address[]): void;
  chainChanged?(chainId: number): void;
  disconnect?(): void;
}

type Listener = (...args: unknown[]) => void;

// Some providers (ethers-style emitters, older injected wallets) only have `off`.
interface Unsubscribable {
  removeListener?(event: string, listener: Listener): unknown;
  off?(event: string, listener: Listener): unknown;
}

/**
 * Subscribes to the wallet's EIP-1193 events with parsed payloads. Returns the
 * unsubscribe function; a provider without `on` simply yields no events.
 */
export function watchWallet(provider: Eip1193Provider, handlers: WalletEventHandlers): () => void {
  if (typeof provider?.on !== 'function') return () => {};

  let active = true;
  // Parses the payload, then calls the handler; a malformed payload is the
  // wallet's bug and is dropped rather than thrown into the wallet's emitter.
  // `active` also silences providers that cannot remove listeners.
  const listen =
    <T>(parse: (payload: unknown) => T, handler: (value: T) => void): Listener =>
    (payload) => {
      if (!active) return;
      let value: T;
      try {
        value = parse(payload);
      } catch {
        return;
      }
      handler(value);
    };

  const listeners: [string, Listener][] = [];
  const { accountsChanged, chainChanged, disconnect } = handlers;
  if (accountsChanged) listeners.push(['accountsChanged', listen(parseAccounts, (a) => accountsChanged.call(handlers, a))]);
  if (chainChanged) listeners.push(['chainChanged', listen(parseChainId, (id) => chainChanged.call(handlers, id))]);
  if (disconnect)
    listeners.push([
      'disconnect',
      listen(
        () => undefined,
        () => disconnect.call(handlers),
      ),
    ]);

  for (const [event, listener] of listeners) provider.on(event, listener);

  return () => {
    if (!active) return;
    active = false;
    const emitter = provider as Unsubscribable;
    for (const [event, listener] of listeners) {
      if (typeof emitter.removeListener === 'function') emitter.removeListener(event, listener);
      else if (typeof emitter.off === 'function') emitter.off(event, listener);
    }
  };
}
