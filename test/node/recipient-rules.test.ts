/**
 * The Solana, Cosmos and Bitcoin address rules are a chunk (with the recipient
 * field, src/bridge-widget/moments/recipient.ts). Until they arrive the form
 * must hold such a recipient as not valid, so Bridge is never enabled with an
 * unchecked address; once they are here the form is derived again by itself.
 * This file runs in a process of its own, where nothing loaded the rules yet.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bech32 } from '@scure/base';
import { FormState, type FormContext } from '../../src/flow/form-state.ts';
import { mainAction, type Catalog } from '../../src/flow/form.ts';
import { addressRulesLoaded } from '../../src/model/address.ts';
import { sessionSettings } from './helpers/session-settings.ts';

const ACCOUNT = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266';
const COSMOS = bech32.encode('cataclysm', bech32.toWords(new Uint8Array(20).fill(7)));
const COSMOS_TYPO = COSMOS.slice(0, -1) + (COSMOS.endsWith('q') ? 'p' : 'q');

const catalog = {
  chains: [
    { chainId: '11155111', chainName: 'sepolia', networkName: 'Sepolia', chainType: 'evm' },
    { chainId: 'cataclysm-1', chainName: 'cataclysm', networkName: 'Cataclysm', chainType: 'cosmos' },
  ],
  tokens: [
    { chainId: '11155111', address: '0x1c7d4b196cb0c7b01d743fbc6116a902379c7238', symbol: 'USDC', decimals: 6, name: 'USD Coin' },
    { chainId: 'cataclysm-1', address: 'ibc/usdc', symbol: 'USDC', decimals: 6, name: 'USD Coin' },
  ],
} as unknown as Catalog;

describe('a non-EVM recipient before its address rules have arrived', () => {
  it('is not valid (Bridge says "Enter a valid recipient"), and the form is derived again once the rules are here', async () => {
    let changed!: () => void;
    const arrived = new Promise<void>((resolve) => (changed = resolve));
    const context: FormContext = {
      settings: () => sessionSettings(),
      catalog: () => catalog,
      balances: () => undefined,
      account: () => ACCOUNT,
      inForm: () => true,
      chainStarted: () => true,
      loadChain: async () => {},
      changed: () => changed(),
    };
    const form = new FormState(context);
    const values = {
      ...form.values,
      fromChainId: '11155111',
      fromTokenAddress: '0x1c7d4b196cb0c7b01d743fbc6116a902379c7238',
      toChainId: 'cataclysm-1',
      toTokenAddress: 'ibc/usdc',
      amountText: '1',
      recipient: COSMOS,
    };
    form.values = values;
    const action = () => mainAction({ account: ACCOUNT, values: form.values, draft: form.draft, quote: undefined, quoteFailed: false, valueLoss: undefined });

    assert.equal(addressRulesLoaded(), false, 'nothing loaded the rules before');
    assert.equal(form.draft.recipientRequired, true);
    assert.equal(form.draft.recipient, undefined, 'an unchecked address is no recipient');
    assert.equal(form.draft.inputs, undefined, 'nothing is quoted for it');
    assert.deepEqual([action().key, action().enabled], ['action.invalidRecipient', false]);

    // Asking for the draft started the rules' load; the form says it changed when they are here.
    await arrived;
    assert.equal(addressRulesLoaded(), true);
    assert.equal(form.values, values, 'the same values, derived again');
    const checked = form.draft;
    assert.equal(checked.recipient, COSMOS);
    assert.equal(checked.inputs?.toAddress, COSMOS);
    assert.equal(action().key, 'action.quoting');

    form.values = { ...values, recipient: COSMOS_TYPO };
    assert.equal(form.draft.recipient, undefined, 'a typo fails the checksum');
    assert.equal(action().key, 'action.invalidRecipient');
  });
});
