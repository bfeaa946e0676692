/**
 * The paged catalog in Chromium against the sandbox's large catalog (42 chains, about
 * 20,000 tokens): the widget asks for the chain list and first pages only,
 * searches and resolves presets through `q`, lists held tokens first, keeps
 * its catalog in storage across page loads, and copes with a service that
 * answers the plain array. What it asked for is read from the service's
 * request log, never from a clock.
 */
import { expect } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/define.js';
import type { BridgeWidget } from '../../src/bridge-widget/bridge-widget.js';
import { clearCatalogCache } from '../../src/flow/catalog.js';
import type { TokenPicker } from '../../src/components/token-picker/token-picker.js';
import type { BridgeSuccessDetail } from '../../src/bridge-widget/events.js';
import { devWallet, erc20Balance, resetSandbox, serviceRequests, setFaults, tokenAddress, type ServiceRequest } from './helpers/sandbox.js';
import { nextEvent, primaryButton, shadow, waitForText } from './helpers/widget.js';
import { formReady, waitFor } from './helpers/dom.js';
import { untilAnimationsSettle } from './helpers/dom.js';
import { PickerHarness } from './harness/picker.js';
import { DST, SRC } from './helpers/chains.js';
import { mountWidget } from './helpers/mount.js';
import { e2eSuite } from './helpers/e2e.js';

/** A catalog request as the service logged it (the helper's type, with the query the log also carries). */
type CatalogRequest = ServiceRequest & { query: Record<string, string>; unpaginated?: boolean };

async function catalogRequests(since = 0): Promise<CatalogRequest[]> {
  return ((await serviceRequests()) as CatalogRequest[]).filter((r) => r.seq > since && (r.endpoint === 'tokens' || r.endpoint === 'chains'));
}

/** Catalog fetches this page made, cached by the browser or not (resource timing lists both). */
const catalogFetches = () => performance.getEntriesByType('resource').filter((e) => /\/api\/v1\/routes\/(chains|tokens)/.test(e.name)).length;

async function lastSeq(): Promise<number> {
  return (await serviceRequests()).at(-1)?.seq ?? 0;
}

async function mount(options: { fromToken?: string; toToken?: string; amount?: string; wallet?: boolean } = {}) {
  const attributes = { 'from-token': options.fromToken, 'to-token': options.toToken, amount: options.amount };
  const { widget } = await mountWidget({ attributes, wallet: false });
  const wallet = await devWallet({ chainId: SRC });
  if (options.wallet !== false) widget.provider = wallet;
  return { widget, wallet };
}

const pickers = (widget: BridgeWidget) => [...shadow(widget).querySelectorAll<TokenPicker>('bw-asset-picker')].map((p) => new PickerHarness(p));
const optionTitle = (option: Element) => option.querySelector('.option-title')?.textContent?.trim() ?? '';

describe('the paged catalog against the large sandbox catalog', function () {
  e2eSuite(this);

  beforeEach(async () => {
    // Each test is a first visit: no stored catalog, nothing fetched by an earlier widget on this page.
    clearCatalogCache();
    performance.clearResourceTimings();
    await setFaults({ catalog: 'large' });
  });

  // Resource timing counts the fetches a reload makes; the default buffer (250) is filled by the test runner's modules.
  before(() => performance.setResourceTimingBufferSize(100_000));
  after(() => resetSandbox());

  it('becomes interactive with the chain list and the first page of each selected chain, never the unpaginated list', async () => {
    const { widget } = await mount();
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote for 2 USDC');
    const requests = await catalogRequests();
    expect(requests.filter((r) => r.unpaginated)).to.deep.equal([]);
    expect(requests.filter((r) => r.endpoint === 'chains')).to.have.length(1);
    const tokens = requests.filter((r) => r.endpoint === 'tokens');
    expect(tokens.map((r) => r.query.chainId).sort()).to.deep.equal([String(SRC), String(DST)].sort());
    expect(tokens.every((r) => r.query.limit && !r.query.cursor && !r.query.q)).to.equal(true, 'first pages only');
    await untilAnimationsSettle(widget);
    await expect(widget).to.be.accessible();
  });

  it('finds a token that only the last page of its chain lists by typing part of its name, and bridges it', async () => {
    const { widget, wallet } = await mount({ toToken: 'WETH', amount: '0.5', wallet: false });
    await formReady(widget);
    const [from] = pickers(widget);
    const search = (await from!.open()).search!;
    expect(from!.options.some((o) => optionTitle(o) === 'WETH')).to.equal(false, 'not on the first page');
    const since = await lastSeq();
    await sendKeys({ type: 'wrapped' });
    await waitFor(() => from!.options.some((o) => optionTitle(o) === 'WETH'), 'WETH among the results');
    const searches = (await catalogRequests(since)).filter((r) => r.query.q !== undefined);
    expect(searches.length).to.be.greaterThan(0);
    expect(searches.length).to.be.lessThan('wrapped'.length, 'debounced: not one request per keystroke');
    expect(searches.at(-1)!.query).to.include({ chainId: String(SRC), q: 'wrapped' });
    expect(search.value).to.equal('wrapped');
    from!.options.find((o) => optionTitle(o) === 'WETH')!.click();
    await waitFor(() => from!.triggerText === 'WETH', 'WETH chosen');

    widget.provider = wallet;
    const wethDst = await tokenAddress(DST, 'WETH');
    const before = await erc20Balance(DST, wethDst, wallet.address);
    await waitForText(widget, (t) => t.startsWith('Bridge 0.5 WETH'), 'a quote for 0.5 WETH');
    primaryButton(widget).click();
    const success = await nextEvent<BridgeSuccessDetail>(widget, 'bridge-success');
    expect((await erc20Balance(DST, wethDst, wallet.address)) - before).to.equal(success.detail.toAmount);
    expect((await catalogRequests()).filter((r) => r.unpaginated)).to.deep.equal([]);
  });

  it('sends only the text typed last: keystrokes within the pause ask nothing, and the answer merges with the loaded page', async () => {
    const { widget } = await mount({ wallet: false });
    await formReady(widget);
    const [, to] = pickers(widget);
    const search = (await to!.open()).search!;
    const loaded = to!.options.length;
    const since = await lastSeq();
    for (const text of ['w', 'wr', 'wra', 'wrap', 'wrapped e']) {
      search.value = text;
      search.dispatchEvent(new Event('input'));
    }
    await waitFor(() => to!.options.some((o) => optionTitle(o) === 'WETH'), 'WETH among the results');
    const searches = (await catalogRequests(since)).filter((r) => r.query.q !== undefined);
    expect(searches.map((r) => r.query.q)).to.deep.equal(['wrapped e']);
    search.value = '';
    search.dispatchEvent(new Event('input'));
    await waitFor(() => to!.options.length >= Math.min(loaded, 10), 'the list again');
    expect(to!.list!.getAttribute('aria-label')).to.equal('Tokens');
  });

  it('loads further pages as the list is scrolled, rendering only the visible rows', async () => {
    const { widget } = await mount({ wallet: false });
    await formReady(widget);
    const [, to] = pickers(widget);
    await to!.open();
    await waitFor(() => to!.options.length > 0, 'the first page');
    expect(optionTitle(to!.options[0]!)).to.equal('ETH', "the service's order while pages are missing");
    expect((await catalogRequests()).some((r) => r.query.cursor)).to.equal(false, 'the top of the list asks for nothing more');
    const setSize = () => Number(to!.options[0]?.getAttribute('aria-setsize') ?? 0);
    const first = setSize();
    const since = await lastSeq();
    const list = to!.list!;
    list.scrollTop = list.scrollHeight;
    await waitFor(() => setSize() > first, 'a second page');
    const pages = (await catalogRequests(since)).filter((r) => r.query.cursor);
    expect(pages.length).to.be.greaterThan(0);
    expect(pages[0]!.query.chainId).to.equal(String(DST));
    expect(to!.options.length).to.be.lessThan(40, 'still virtualised');
  });

  it('resolves a preset by symbol that is not on the first page through q', async () => {
    const { widget } = await mount({ fromToken: 'WETH', wallet: false });
    await formReady(widget);
    const [from] = pickers(widget);
    await waitFor(() => from!.triggerText === 'WETH', 'the WETH preset');
    const requests = await catalogRequests();
    expect(requests.some((r) => r.query.chainId === String(SRC) && r.query.q === 'WETH')).to.equal(true);
    expect(requests.filter((r) => r.unpaginated)).to.deep.equal([]);
    expect(shadow(widget).querySelectorAll('[part~="notice-warning"]')).to.have.length(0, 'no "preset not available" warning');
  });

  it('lists the tokens the wallet holds at the top, with their balance, though a later page has them', async () => {
    const { widget } = await mount();
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
    const [from] = pickers(widget);
    await from!.open();
    await waitFor(() => from!.options.some((o) => optionTitle(o) === 'WETH'), 'WETH listed');
    const top = from!.options.slice(0, 3);
    expect(top.map(optionTitle).sort()).to.deep.equal(['ETH', 'USDC', 'WETH']);
    for (const option of top) expect(option.querySelector('.balance')?.textContent?.trim()).to.match(/\d/);
    expect((await catalogRequests()).some((r) => r.query.q)).to.equal(false, 'found through the balances, not a search');
  });

  it('a reload within the TTL asks the service for no catalog data', async () => {
    const first = await mount();
    await waitForText(first.widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote');
    first.widget.remove();
    clearCatalogCache(); // a reload starts a new page: only storage is left
    const since = await lastSeq();
    const fetchedBefore = catalogFetches();
    const second = await mount();
    await waitForText(second.widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote after the reload');
    expect(await catalogRequests(since)).to.deep.equal([]);
    // Not answered by the browser's HTTP cache either: the widget did not fetch at all.
    expect(fetchedBefore).to.be.greaterThan(0, 'the first visit fetched (and resource timing sees it)');
    expect(catalogFetches()).to.equal(fetchedBefore);
  });

  it('works with a service that answers a paginated request with the plain array', async () => {
    await setFaults({ plainTokenList: true });
    const { widget } = await mount();
    await waitForText(widget, (t) => t.startsWith('Bridge 2 USDC'), 'a quote for 2 USDC', 60_000);
    const requests = (await catalogRequests()).filter((r) => r.endpoint === 'tokens');
    expect(requests.length).to.be.greaterThan(0);
    expect(requests.every((r) => !r.unpaginated && r.query.chainId)).to.equal(true, 'the widget still asked for pages');
    const [from] = pickers(widget);
    await from!.open();
    await sendKeys({ type: 'wrapped ether' });
    await waitFor(() => from!.options.some((o) => optionTitle(o) === 'WETH'), 'WETH found locally');
  });
});
