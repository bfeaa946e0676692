/**
 * What the shell hands its parts, shaped from the session's state: chain
 * options, approval steps and the tracker's view. No DOM; `format` and `t`
 * come from the locale controller.
 */
import type { Chain } from '../api/schemas.js';
import type { ChainOption } from '../components/chain-picker/chain-picker.js';
import { destinationAvailability } from '../flow/catalog.js';
import { balanceOf, presetProblems, tokensFor, type Side, type SideConfig } from '../flow/form.js';
import type { TokenOption } from '../components/token-picker/token-picker.js';
import type { TransferSession } from '../flow/session.js';
import { chainFamily } from '../model/address.js';
import { isUsableSlippage } from '../model/quote.js';
import { isEip1193Provider } from '../wallet/index.js';
import type { StringKey, Vars } from '../i18n/strings.js';

/** What `configProblems` reads of the element: its attributes as set and as parsed. */
interface ConfiguredHost {
  slippage: number;
  valueLossThreshold: number;
  theme: string;
  provider: unknown;
  getAttribute(name: string): string | null;
  hasAttribute(name: string): boolean;
}

/** Attributes a host set to something unusable, each with what the widget does instead: a typo on a landing page is visible, not silent. */
export function configProblems(host: ConfiguredHost, session: TransferSession, t: (key: StringKey, vars?: Vars) => string): string[] {
  const [problems, threshold, attr] = [[] as string[], host.valueLossThreshold, (name: string) => host.getAttribute(name) ?? ''];
  if (host.hasAttribute('slippage') && !isUsableSlippage(host.slippage))
    problems.push(t('config.slippage', { value: attr('slippage'), used: session.form.values.slippage }));
  if (host.hasAttribute('value-loss-threshold') && !(threshold >= 0 && threshold <= 100))
    problems.push(t('config.threshold', { value: attr('value-loss-threshold') }));
  if (!['light', 'dark', 'auto'].includes(host.theme)) problems.push(t('config.theme', { value: host.theme }));
  // Wallet kits hand providers out typed `unknown`: one that is not EIP-1193 stays named while it is set (the console says why).
  if (host.provider !== undefined && host.provider !== null && !isEip1193Provider(host.provider)) problems.push(t('error.no-provider'));
  const catalog = session.remote.catalog;
  if (catalog) for (const p of presetProblems(session.config, catalog, session.form.values)) problems.push(t(p.key, { value: p.value }));
  return problems;
}

export function chainOptions(chains: readonly Chain[], side: Side, confirmed: ReadonlySet<string>, notRoutable: string): ChainOption[] {
  return chains.map((c) => {
    const availability = side === 'from' ? 'available' : destinationAvailability(c, confirmed);
    return {
      chainId: c.chainId,
      name: c.networkName,
      iconUrl: c.chainIconURI,
      family: chainFamily(c) ?? 'other',
      availability,
      note: availability === 'informational' ? notRoutable : undefined,
    };
  });
}

/** The chains in the asset picker: those named first (the wallet's chain, the host's preset), the rest in the service's order. */
export function orderChains(chains: ChainOption[], first: readonly (string | undefined)[]): ChainOption[] {
  const rank = (c: ChainOption) => {
    const i = first.indexOf(c.chainId);
    return i < 0 ? first.length : i;
  };
  return chains
    .map((c, i) => ({ c, i }))
    .sort((a, b) => rank(a.c) - rank(b.c) || a.i - b.i)
    .map(({ c }) => c);
}

/** The token picker's options per side and chain, the same array while nothing they depend on changed: the picker indexes tokens per array. */
export class TokenOptions {
  readonly #memo = new Map<string, { inputs: readonly unknown[]; options: TokenOption[] }>();

  for({ remote, form }: TransferSession, config: SideConfig, side: Side): TokenOption[] {
    const chainId = form.values[`${side}ChainId`];
    const catalog = remote.catalog;
    const balances = remote.balances.value;
    const inputs = [catalog, balances, config.allowTokens, config.denyTokens];
    const key = `${side}:${chainId}`;
    const memo = this.#memo.get(key);
    if (memo && memo.inputs.every((v, i) => v === inputs[i])) return memo.options;
    const options = tokensFor(config, chainId, catalog?.tokens ?? []).map((t) => ({ ...t, balance: balanceOf(balances, chainId, t.address) }));
    this.#memo.set(key, { inputs, options });
    return options;
  }
}
