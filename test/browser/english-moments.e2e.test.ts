/**
 * The English of a later moment travels with that moment's chunk
 * (src/i18n/en.ts): the first load has the form's strings only. Right after
 * it, a transfer still reads in words, never in keys: the step the wallet is
 * at, the review, a cancel, and an error thrown by the transfer's own chunk.
 * One test, alone in its file, so that no earlier test loaded the moments.
 */
import { expect } from '@open-wc/testing';
import { waitUntil } from './helpers/wait.js';
import { LOCALES } from '../../src/i18n/strings.js';
import { SRC } from './helpers/chains.js';
import { mountWidget } from './helpers/mount.js';
import { transactionCount } from './helpers/sandbox.js';
import { nextEvent, primaryButton, shadow, waitForText } from './helpers/widget.js';
import { e2eSuite } from './helpers/e2e.js';

/** A string key where words should be (`phase.confirm-in-wallet`, `review.title`, …). */
const KEY = /\b(?:widget|phase|review|terms|approval|status|history|wallet|error)\.[A-Za-z][\w.-]*/;

describe('the English of the later moments, right after the first load', function () {
  e2eSuite(this);

  it('the review’s English is not in the first load; a transfer still shows its step, its review, a cancel and a declined signature in English', async () => {
    expect(LOCALES['en']?.['review.title'], 'the review’s English is not loaded with the form').to.equal(undefined);
    expect(LOCALES['en']?.['box.send'], 'the form’s is').to.equal('You send');

    const { widget, wallet } = await mountWidget({ attributes: { 'from-token': 'ETH', 'to-token': 'ETH', amount: '0.03' }, wallet: { account: 0 } });
    const nonceBefore = await transactionCount(SRC, wallet.address);
    await waitForText(widget, (t) => t.startsWith('Bridge 0.03 ETH'), 'a quote');

    // The wallet asks: the step and the review, in words.
    wallet.hang('eth_sendTransaction');
    primaryButton(widget).click();
    const step = () => shadow(widget).querySelector('[part="status"]')?.textContent?.trim() ?? '';
    await waitUntil(() => step() === 'Confirm the transfer in your wallet', `the step in words (${step()})`, { timeout: 30_000 });
    const review = shadow(widget).querySelector('bw-route-review')?.shadowRoot?.textContent?.replace(/\s+/g, ' ') ?? '';
    expect(review).to.include('You send');
    expect(review).to.not.match(KEY);
    expect(shadow(widget).textContent).to.not.match(KEY);

    // Cancel: said in English.
    const cancelled = nextEvent<{ kind: string; message: string }>(widget, 'bridge-error');
    [...shadow(widget).querySelectorAll<HTMLButtonElement>('[part="secondary-button"]')].find((b) => b.textContent?.trim() === 'Cancel')!.click();
    expect((await cancelled).detail.message).to.equal('Cancelled. Nothing further was sent.');
    wallet.clearTraps();

    // Declined in the wallet: the transfer chunk's error, in English, on screen and in the event.
    await waitForText(widget, (t) => t.startsWith('Bridge 0.03 ETH'), 'ready to try again');
    wallet.rejectNext('eth_sendTransaction');
    const declined = nextEvent<{ kind: string; message: string }>(widget, 'bridge-error');
    primaryButton(widget).click();
    const { detail } = await declined;
    expect(detail.kind).to.equal('wallet-rejected');
    expect(detail.message).to.equal('You cancelled in your wallet. Nothing was sent.');
    const notice = () => shadow(widget).querySelector('[part~="notice-info"][role="status"]')?.textContent?.replace(/\s+/g, ' ').trim() ?? '';
    await waitUntil(() => notice().includes('You cancelled in your wallet. Nothing was sent.'), `the notice (${notice()})`);
    expect(notice()).to.not.match(KEY);
    expect(await transactionCount(SRC, wallet.address)).to.equal(nonceBefore);
  });
});
