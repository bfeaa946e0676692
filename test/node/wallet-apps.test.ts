/**
 * The links to wallet apps (src/wallet/wallet-apps.ts, the phone rule in src/wallet/phone.ts): each app gets the
 * page, or the WalletConnect URI, back whole from its documented link, and
 * the phone rule tells phones from desktops by what browsers send.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { onPhone } from '../../src/wallet/phone.js';
import { WALLET_APPS, pageToOpen } from '../../src/wallet/wallet-apps.js';
import { pairingLink } from '../../src/wallet/walletconnect-links.js';

const PAGE = 'https://shop.example/checkout?amount=25&to=USDC&note=a%20b';
const WC_URI = 'wc:0ac6d4dfe41972c7d054750f124452999937b33ddc14d61239a710da33c4fd7b@2?expiryTimestamp=1796166101&relay-protocol=irn&symKey=385b7ae5';

const app = (id: string) => WALLET_APPS.find((a) => a.id === id)!;

/** What each app reads out of its link (per its documentation), which must be the page or the URI unchanged. */
function carried(id: string, link: string): string {
  const url = new URL(link);
  switch (id) {
    case 'metamask':
      return url.pathname.startsWith('/dapp/') ? `https://${link.slice('https://link.metamask.io/dapp/'.length)}` : url.searchParams.get('uri')!;
    case 'coinbase':
      return url.searchParams.get('cb_url') ?? url.searchParams.get('uri')!;
    case 'trust':
    case 'rainbow':
      return url.searchParams.get('url') ?? url.searchParams.get('uri')!;
    case 'okx': {
      const inner = new URL(url.searchParams.get('deeplink')!);
      return inner.searchParams.get('dappUrl') ?? inner.searchParams.get('uri')!;
    }
  }
  throw new Error(id);
}

describe('wallet apps', () => {
  it('are the five the chooser offers, by name', () => {
    assert.deepEqual(
      WALLET_APPS.map((a) => a.name),
      ['MetaMask', 'Coinbase Wallet', 'Trust Wallet', 'Rainbow', 'OKX Wallet'],
    );
  });

  it('each opens the page, query and all, in its built-in browser through its documented link', () => {
    const hosts = { metamask: 'link.metamask.io', coinbase: 'go.cb-w.com', trust: 'link.trustwallet.com', rainbow: 'rnbwapp.com', okx: 'web3.okx.com' };
    for (const wallet of WALLET_APPS) {
      const link = wallet.openPage(PAGE);
      assert.equal(new URL(link).protocol, 'https:', wallet.name);
      assert.equal(new URL(link).host, hosts[wallet.id], wallet.name);
      assert.equal(carried(wallet.id, link), PAGE, wallet.name);
    }
    assert.equal(app('trust').openPage(PAGE).includes('coin_id=60'), true, 'Trust opens it on Ethereum’s coin (SLIP-44 60)');
    assert.match(app('okx').openPage(PAGE), /^https:\/\/web3\.okx\.com\/download\?deeplink=okx%3A%2F%2Fwallet%2Fdapp%2Furl%3FdappUrl%3D/);
  });

  it('each hands a wc: URI over whole through its universal link', () => {
    for (const wallet of WALLET_APPS) {
      const link = pairingLink(wallet.id, WC_URI);
      assert.equal(new URL(link).protocol, 'https:', wallet.name);
      assert.equal(carried(wallet.id, link), WC_URI, wallet.name);
    }
    assert.equal(pairingLink('rainbow', WC_URI), `https://rnbwapp.com/wc?uri=${encodeURIComponent(WC_URI)}`);
  });
});

describe('the page to open', () => {
  it('is the page’s http(s) URL without its fragment; anything else is none', () => {
    assert.equal(pageToOpen('https://shop.example/pay?x=1#bridge'), 'https://shop.example/pay?x=1');
    assert.equal(pageToOpen('http://127.0.0.1:5173/'), 'http://127.0.0.1:5173/');
    assert.equal(pageToOpen('file:///home/me/page.html'), undefined);
    assert.equal(pageToOpen('about:srcdoc'), undefined);
    assert.equal(pageToOpen('not a url'), undefined);
  });
});

describe('on a phone', () => {
  const UA = {
    iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
    android: 'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
    ipadDesktopSite: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
    windows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    linux: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  };

  it('phones and tablets are; desktops are not, touch screen or not', () => {
    assert.equal(onPhone({ userAgent: UA.iphone, maxTouchPoints: 5 }), true);
    assert.equal(onPhone({ userAgent: UA.android, maxTouchPoints: 5 }), true);
    assert.equal(onPhone({ userAgent: UA.ipadDesktopSite, maxTouchPoints: 5 }), true, 'an iPad asking for the desktop site');
    assert.equal(onPhone({ userAgent: UA.mac, maxTouchPoints: 0 }), false);
    assert.equal(onPhone({ userAgent: UA.windows, maxTouchPoints: 10 }), false, 'a touch-screen laptop');
    assert.equal(onPhone({ userAgent: UA.linux }), false);
  });

  it('the browser’s own word (userAgentData.mobile) counts, whatever the user agent string says', () => {
    assert.equal(onPhone({ userAgent: UA.linux, mobile: true }), true);
    assert.equal(onPhone({ userAgent: UA.android, mobile: false }), true, 'a user agent that names Android is a phone or tablet still');
  });
});
