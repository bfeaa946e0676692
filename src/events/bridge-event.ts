/**
 * Base of the public `bridge-*` events of <bridge-widget>: they bubble and are
 * composed, so a host can listen on the element or on any ancestor, in any
 * framework. Each event is its own class in its own file (`bridge-quote.ts`…),
 * with its detail type beside it; `index.ts` gathers them.
 */
export class BridgeEvent<T> extends CustomEvent<T> {
  /** The event's type, set by each subclass. */
  static readonly type: string;

  constructor(detail: T, init?: { cancelable?: boolean }) {
    super((new.target as typeof BridgeEvent).type, { detail, bubbles: true, composed: true, ...init });
  }
}
