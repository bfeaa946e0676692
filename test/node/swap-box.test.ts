/**
 * The swap box's rules (src/flow/swap-box.ts, src/flow/problems.ts) and the moments fetched while the page is idle
 * (src/bridge-widget/controllers/moment-controller.ts): what the form lets the user change and what it shows, without a DOM.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Token } from '../../src/api/schemas.ts';
import type { MainAction } from '../../src/flow/form.ts';
import { problemSeverity, supportRequestId } from '../../src/flow/problems.ts';
import { mainButtonEnabled, presetLocked, recipientField, showsHistory, sideUnits, sidesLocked } from '../../src/flow/swap-box.ts';
import { idleMoments } from '../../src/bridge-widget/controllers/moment-controller.ts';

const NO_PRESETS = { lockPresets: false, fromChain: '', toChain: '', fromToken: '', toToken: '', amount: '', toAddress: '' };

describe('preset locks', () => {
  it('lock only what the host preset, and only with lock-presets', () => {
    const preset = { ...NO_PRESETS, fromChain: '11155111', amount: '25' };
    assert.equal(presetLocked(preset, 'fromChain'), false, 'a preset without lock-presets stays editable');
    const locked = { ...preset, lockPresets: true };
    assert.equal(presetLocked(locked, 'fromChain'), true);
    assert.equal(presetLocked(locked, 'amount'), true);
    assert.equal(presetLocked(locked, 'toChain'), false, 'an empty preset locks nothing');
    assert.equal(presetLocked(locked, 'toAddress'), false);
  });

  it('keep the sides from trading places when any chain or token is locked, not for a locked amount or recipient', () => {
    assert.equal(sidesLocked({ ...NO_PRESETS, lockPresets: true }), false);
    assert.equal(sidesLocked({ ...NO_PRESETS, lockPresets: true, amount: '25', toAddress: '0xabc' }), false);
    for (const preset of ['fromChain', 'toChain', 'fromToken', 'toToken'] as const) {
      assert.equal(sidesLocked({ ...NO_PRESETS, lockPresets: true, [preset]: 'x' }), true, preset);
      assert.equal(sidesLocked({ ...NO_PRESETS, [preset]: 'x' }), false, `${preset} without lock-presets`);
    }
  });
});

describe('the recipient field', () => {
  const host = { toAddress: '', lockPresets: false };

  it('stays behind its toggle until the user opens it', () => {
    assert.deepEqual(recipientField(host, false, '', false), { open: false, forced: false });
    assert.deepEqual(recipientField(host, false, '', true), { open: true, forced: false });
  });

  it('opens by itself for a preset or typed address, and the toggle can still close it', () => {
    assert.deepEqual(recipientField({ ...host, toAddress: '0xabc' }, false, '', false), { open: true, forced: false });
    assert.deepEqual(recipientField(host, false, '0xabc', false), { open: true, forced: false });
  });

  it('is forced open, with no toggle, when the destination needs an address the wallet cannot give or the preset is locked', () => {
    assert.deepEqual(recipientField(host, true, '', false), { open: true, forced: true });
    assert.deepEqual(recipientField({ toAddress: '0xabc', lockPresets: true }, false, '', false), { open: true, forced: true });
    assert.deepEqual(
      recipientField({ ...host, lockPresets: true }, false, '', false),
      { open: false, forced: false },
      'lock-presets without a preset locks nothing',
    );
  });
});

describe('the main button', () => {
  const bridge: MainAction = { key: 'action.bridge', enabled: true };
  const line = (here: boolean) => {
    const asked: boolean[] = [];
    return { asked, quoteLine: () => (asked.push(true), here) };
  };

  it('waits for the quote line before Bridge: no transfer starts before its fees could be seen', () => {
    assert.equal(mainButtonEnabled(bridge, false, line(false).quoteLine), false);
    assert.equal(mainButtonEnabled(bridge, false, line(true).quoteLine), true);
  });

  it('asks for the line only for Bridge (asking fetches its chunk): Connect never waits on it', () => {
    const missing = line(false);
    assert.equal(mainButtonEnabled({ key: 'action.connect', enabled: true }, false, missing.quoteLine), true);
    assert.equal(mainButtonEnabled({ key: 'action.enterAmount', enabled: false }, false, missing.quoteLine), false);
    assert.deepEqual(missing.asked, []);
  });

  it('is disabled while an unknown outcome is being looked up', () => {
    assert.equal(mainButtonEnabled(bridge, true, line(true).quoteLine), false);
  });
});

describe('what the form shows', () => {
  it('shows the history only under the form, with a proxy, once there is a transfer', () => {
    assert.equal(showsHistory('/bridge', 'form', 2), true);
    assert.equal(showsHistory('/bridge', 'form', 0), false);
    assert.equal(showsHistory('/bridge', 'form'), false, 'no tracking room yet');
    assert.equal(showsHistory('', 'form', 2), false);
    assert.equal(showsHistory('/bridge', 'tracking', 2), false);
    assert.equal(showsHistory('/bridge', 'executing', 2), false);
  });

  it("gives each side its token's symbol and decimals, and 18 decimals before a token is chosen", () => {
    const usdc = { symbol: 'USDC', decimals: 6 } as Token;
    assert.deepEqual(sideUnits({ fromToken: usdc, toToken: undefined }), { from: { symbol: 'USDC', decimals: 6 }, to: { symbol: '', decimals: 18 } });
  });

  it("shows the user's own no in the wallet, or a cancel, as information; anything else as an error", () => {
    assert.equal(problemSeverity({ kind: 'wallet-rejected' }), 'info');
    assert.equal(problemSeverity({ kind: 'cancelled' }), 'info');
    assert.equal(problemSeverity({ kind: 'wallet-rpc' }), 'error');
    assert.equal(problemSeverity({ kind: 'no-route' }), 'error');
  });

  it('quotes a request id for support, except for no route (the user’s answer, not a fault)', () => {
    assert.equal(supportRequestId({ kind: 'server', requestId: 'req-1' }), 'req-1');
    assert.equal(supportRequestId({ kind: 'no-route', requestId: 'req-2' }), undefined);
    assert.equal(supportRequestId({ kind: 'server' }), undefined);
  });
});

describe('moments fetched while the page is idle', () => {
  it('are what a transfer needs; the wallet chooser only when Connect will open it; never the deposit (the user’s choice)', () => {
    const plain = idleMoments(false);
    const withChooser = idleMoments(true);
    for (const moment of ['pickers', 'settings', 'quote', 'review', 'tracking', 'account'] as const) {
      assert.ok(plain.includes(moment) && withChooser.includes(moment), moment);
    }
    assert.equal(plain.includes('wallets'), false);
    assert.equal(withChooser.includes('wallets'), true);
    assert.equal([...plain, ...withChooser].includes('deposit'), false);
  });
});
