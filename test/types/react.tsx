/**
 * <bridge-widget> in React 19 JSX with `bridge-widget/react`: correct usage
 * type-checks, and each `@ts-expect-error` marks usage that must not.
 * Checked by test/node/types.test.ts (tsc --noEmit -p test/types/tsconfig.json).
 */
import 'bridge-widget';
import type {} from 'bridge-widget/react';
import type { BridgeQuoteDetail, BridgeSuccessDetail, BridgeWidget, Eip1193Provider } from 'bridge-widget';
import { useRef, useState } from 'react';

declare const kitProvider: unknown;

declare const wallet: Eip1193Provider;

export function Correct() {
  const ref = useRef<BridgeWidget>(null);
  const [quote, setQuote] = useState<BridgeQuoteDetail>();
  const onSuccess = (event: CustomEvent<BridgeSuccessDetail>) => console.log(event.detail.toAmount);
  return (
    <>
      <bridge-widget
        ref={ref}
        id="bridge"
        className="wide"
        proxy-url="/bridge"
        from-chain="11155111"
        to-chain={String(84532)}
        amount="25"
        slippage={0.5}
        value-loss-threshold="7"
        lock-presets
        theme="dark"
        provider={wallet}
        metadata={{ orderId: 'o-123' }}
        onbridge-quote={(event) => setQuote(event.detail)}
        onbridge-success={onSuccess}
        onbridge-error={(event) => console.warn(event.detail.kind, event.detail.retryable)}
        wallet-discovery="off"
        onbridge-connect-request={(event) => event.preventDefault()}
        onbridge-wallet={(event) => console.log(event.detail.state, event.detail.rdns, event.detail.address)}
      />
      <bridge-widget proxyUrl="/bridge" fromChain="11155111" lockPresets={false} slippage={1} />
      {/* provider takes what wallet kits hand out (typed unknown); the widget checks it when set */}
      <bridge-widget provider={kitProvider} />
      <p>{quote?.estimate.toAmount.toString()}</p>
    </>
  );
}

export function Wrong() {
  return (
    <>
      {/* @ts-expect-error: slippage is a number */}
      <bridge-widget slippage={{ percent: 1 }} />
      {/* @ts-expect-error: theme is light, dark or auto */}
      <bridge-widget theme="blue" />
      {/* @ts-expect-error: metadata is an object */}
      <bridge-widget metadata="o-123" />
      {/* @ts-expect-error: the quote detail has no txHash */}
      <bridge-widget onbridge-quote={(event) => event.detail.txHash} />
      {/* @ts-expect-error: a misspelled property is reported (a misspelled hyphenated name, proxy-urll, would not be) */}
      <bridge-widget proxyUrll="/bridge" />
      {/* @ts-expect-error: lock-presets is a boolean */}
      <bridge-widget lock-presets={3} />
    </>
  );
}
