/**
 * The proxy URL is normalised once (`proxyBaseUrl`, src/api/client.ts): the
 * same proxy spelled with a trailing slash or whitespace around it reaches
 * the same endpoints over HTTP and keeps the same saved transfers.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { WidgetClient } from '../../src/api/client.ts';
import { proxyChainRead } from '../../src/api/chain-read.ts';
import { simulationEndpoint } from '../../src/api/simulation.ts';
import { hasSavedTransfers, savedTransfersKey } from '../../src/flow/saved-transfers.ts';
import { ScriptedServer } from './helpers/scripted-server.ts';

const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

describe('one proxy, however the host spells its URL', () => {
  const server = new ScriptedServer();
  let spellings: string[];

  before(async () => {
    await server.start();
    spellings = [`${server.url}/bridge`, `${server.url}/bridge/`, `  ${server.url}/bridge//  `, `\n\t${server.url}/bridge/ `];
  });
  after(() => server.stop());

  it("the client's calls and the chain reads go to the same paths", async () => {
    server.answer((request) => (request.method === 'GET' ? { json: [] } : { json: { jsonrpc: '2.0', id: 1, result: '0x1' } }));
    for (const proxyUrl of spellings) {
      await new WidgetClient({ baseUrl: proxyUrl, maxRetries: 0 }).chains();
      assert.equal(await proxyChainRead(proxyUrl, '11155111')('eth_chainId', []), '0x1');
    }
    assert.deepEqual(
      server.requests.map((r) => r.url),
      spellings.flatMap(() => ['/bridge/api/v1/routes/chains', '/bridge/read/11155111']),
    );
  });

  it('the simulation endpoint is the same', () => {
    assert.deepEqual(new Set(spellings.map((proxyUrl) => simulationEndpoint(proxyUrl, '11155111'))), new Set([`${server.url}/bridge/simulate/11155111`]));
  });

  it('transfers saved under one spelling are found under the others', () => {
    assert.equal(new Set(spellings.map((proxyUrl) => savedTransfersKey(proxyUrl, ACCOUNT))).size, 1);
    const stored = new Map<string, string>();
    const storage = {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => void stored.set(key, value),
      removeItem: (key: string) => void stored.delete(key),
    };
    storage.setItem(savedTransfersKey(spellings[0]!, ACCOUNT), JSON.stringify([{ intentId: 'int_1' }]));
    for (const proxyUrl of spellings) assert.equal(hasSavedTransfers(storage, proxyUrl, ACCOUNT.toLowerCase()), true, JSON.stringify(proxyUrl));
  });
});
