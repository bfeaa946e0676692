/**
 * The live catalog the playground's chain and token controls offer: the chain
 * list and each chain's first page of tokens, asked of the same proxy the
 * widget uses, through the package's own client (so validated like the
 * widget's). DOM-free.
 */
import { RoutingClient } from '../../src/api/index.ts';

export interface CatalogChain {
  id: string;
  name: string;
}

export interface CatalogToken {
  symbol: string;
  address: string;
  name: string;
}

/** Tokens asked for per chain: the widget's first page, enough to pick presets and allow-lists from. */
const TOKEN_PAGE = 50;

export class PlaygroundCatalog {
  readonly #client: RoutingClient;
  readonly #tokens = new Map<string, Promise<CatalogToken[]>>();
  #chains: Promise<CatalogChain[]> | undefined;

  constructor(proxyUrl: string) {
    this.#client = new RoutingClient({ baseUrl: proxyUrl });
  }

  chains(): Promise<CatalogChain[]> {
    this.#chains ??= this.#client.chains().then(({ data }) => data.map((chain) => ({ id: String(chain.chainId), name: chain.networkName })));
    this.#chains.catch(() => (this.#chains = undefined));
    return this.#chains;
  }

  tokens(chainId: string): Promise<CatalogToken[]> {
    let tokens = this.#tokens.get(chainId);
    if (!tokens) {
      tokens = this.#client
        .tokenPage({ chainId, limit: TOKEN_PAGE })
        .then(({ data }) => data.tokens.map(({ symbol, address, name }) => ({ symbol, address, name })));
      tokens.catch(() => this.#tokens.delete(chainId));
      this.#tokens.set(chainId, tokens);
    }
    return tokens;
  }
}
