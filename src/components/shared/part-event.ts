/**
 * Base of the internal `bw-*` events: what a part tells the element that
 * holds it (<bridge-widget>, or a host page composing the parts itself).
 * They bubble and are not composed, so none leaves the widget's shadow root.
 * Each event is a class beside the part that fires it (`AmountChangeEvent`
 * in amount-input.ts), or, when the part's own chunk fires it (a picker's
 * dialog, the account pill's menu), in a `*-events.ts` the two share; with
 * its detail type and its line in `HTMLElementEventMap`. The public
 * `bridge-*` events are `BridgeEvent`'s (src/events/);
 * test/node/event-names.test.ts holds the convention.
 */
export class PartEvent<T = null> extends CustomEvent<T> {
  /** The event's type, `bw-<name>`, set by each subclass. */
  static readonly type: string;

  /** An event without a detail (`T` is `null`) takes none. */
  constructor(...args: PartEventArgs<T>);
  constructor(detail: T, init?: PartEventInit) {
    super((new.target as typeof PartEvent).type, { detail, bubbles: true, ...init });
  }
}

type PartEventInit = { cancelable?: boolean };
type PartEventArgs<T> = [T] extends [null] ? [detail?: null, init?: PartEventInit] : [detail: T, init?: PartEventInit];
