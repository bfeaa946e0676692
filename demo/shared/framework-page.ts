/**
 * What the framework pages (pages/*.html) share: the demo's wallet and panels,
 * the widget's preset attributes, and a line of text describing a quote.
 * The pages themselves show only the framework's own way of embedding.
 */
import type { BridgeQuoteDetail } from 'bridge-widget';
import { startDemoPage, type DemoPage } from './demo-page.js';

/** Sepolia sandbox → Base Sepolia sandbox, 2 USDC: quotes as soon as the widget has a wallet. */
export const PRESETS = {
  'from-chain': '11155111',
  'to-chain': '84532',
  'from-token': 'USDC',
  'to-token': 'USDC',
  amount: '2',
} as const;

/** Boots the wallet, the wallet panel and the event log; the page renders the widget itself. */
export async function startFrameworkPage(): Promise<DemoPage | undefined> {
  return startDemoPage({ status: 'status', wallet: 'wallet', eventLog: 'event-log' });
}

/** "bridge-quote #2: 1994000 base units expected (≈ $1.99)", for the page's own event line. */
export function describeQuote(framework: string, count: number, detail: BridgeQuoteDetail): string {
  const usd = detail.estimate.toAmountUsd ? ` (≈ $${detail.estimate.toAmountUsd})` : '';
  return `${framework} received bridge-quote #${count}: ${detail.estimate.toAmount} base units expected${usd}`;
}
