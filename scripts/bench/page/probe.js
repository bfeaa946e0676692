// In-page helpers of `npm run bench`, inlined as a classic script before the
// widget's script tag. Plain JavaScript on purpose: it is sent to the page as
// text (no transpiler helpers). Every time is performance.now() in the page.
//
// "Painted" means: the condition was true in a requestAnimationFrame callback
// and a message-channel task queued from that callback has run, i.e. the frame
// that holds the change has been rendered (the usual "after next paint" mark).
(() => {
  'use strict';

  /** Widget internals the bench reads, in one place (shadow roots are open). */
  const sel = {
    widget: (i = 0) => document.querySelectorAll('bridge-widget')[i] || null,
    inWidget: (w, selector) => (w && w.shadowRoot ? w.shadowRoot.querySelector(selector) : null),
    inPart: (host, selector) => (host && host.shadowRoot ? host.shadowRoot.querySelector(selector) : null),
    chainTriggerText: (w) => {
      // The send side's asset button names its chain on its second line.
      const picker = sel.inWidget(w, 'bw-asset-picker');
      const trigger = sel.inPart(picker, '#trigger-detail');
      return trigger ? trigger.textContent.replace(/\s+/g, ' ').trim() : '';
    },
    // The quote as the swap box shows it: its one line (fees and time), enabled once it holds a quote; the breakdown opens from it.
    quoteLineText: (w) => {
      const panel = sel.inWidget(w, 'bw-quote-panel');
      const line = sel.inPart(panel, '[part~="summary"]');
      return line && !line.disabled ? line.textContent.replace(/\s+/g, ' ').trim() : '';
    },
    amountInput: (w) => sel.inPart(sel.inWidget(w, 'bw-amount-input'), 'input'),
    tokenPicker: (w, side = 0) => (w && w.shadowRoot ? w.shadowRoot.querySelectorAll('bw-asset-picker')[side] || null : null),
    primaryButton: (w) => sel.inWidget(w, '[part~="primary-button"]'),
  };

  const afterPaint = () =>
    new Promise((resolve) =>
      requestAnimationFrame(() => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(0);
      }),
    );

  /** Resolves with the painted time of the first frame in which `predicate()` holds. */
  const whenPainted = (predicate, timeoutMs = 60000, what = 'condition') =>
    new Promise((resolve, reject) => {
      const start = performance.now();
      const tick = () => {
        let ok = false;
        try {
          ok = !!predicate();
        } catch {
          ok = false;
        }
        if (ok) {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve(performance.now());
          channel.port2.postMessage(0);
          return;
        }
        if (performance.now() - start > timeoutMs) {
          reject(new Error(`bench: ${what} not seen within ${timeoutMs} ms`));
          return;
        }
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });

  const bench = {
    sel,
    afterPaint,
    whenPainted,
    config: window.__benchConfig || {},
    events: [],
    inputs: [],
  };

  // Every public widget event, with its time (composed events reach document).
  for (const type of [
    'bridge-quote',
    'bridge-route',
    'bridge-approval',
    'bridge-transaction',
    'bridge-status',
    'bridge-success',
    'bridge-failed',
    'bridge-error',
  ]) {
    document.addEventListener(type, (e) => {
      const detail = e.detail || {};
      bench.events.push({ type, at: performance.now(), kind: detail.kind, message: detail.message, status: detail.status });
    });
  }

  // Keystrokes in the amount field: event timestamps (when the input happened).
  document.addEventListener(
    'input',
    (e) => {
      const path = e.composedPath();
      if (path.some((n) => n && n.localName === 'bw-amount-input')) bench.inputs.push({ at: e.timeStamp, value: path[0] && path[0].value });
    },
    true,
  );

  bench.interactive = (w, name) => {
    const chainName = name || bench.config.fromChainName;
    return () => sel.chainTriggerText(w || sel.widget()).includes(chainName);
  };

  /** Startup: page-relative times of script fetch, definition, catalog and the widget showing a chain. */
  const measureStartup = async () => {
    const definedAt = customElements.whenDefined('bridge-widget').then(() => performance.now());
    await new Promise((resolve) => (document.readyState === 'loading' ? document.addEventListener('DOMContentLoaded', resolve, { once: true }) : resolve()));
    const interactiveAt = await whenPainted(() => bench.interactive(sel.widget())(), 60000, 'the chain picker showing a chain');
    const resources = performance.getEntriesByType('resource');
    const script = resources.find((r) => r.name.endsWith(`/${bench.config.scriptName}`));
    const last = (part) =>
      resources
        .filter((r) => r.name.includes(part))
        .map((r) => r.responseEnd)
        .sort((a, b) => b - a)[0];
    return {
      scriptFetchStart: script ? script.startTime : NaN,
      scriptResponseEnd: script ? script.responseEnd : NaN,
      scriptBytes: script ? script.encodedBodySize : NaN,
      definedAt: await definedAt,
      chainsResponseEnd: last('/routes/chains'),
      tokensResponseEnd: last('/routes/tokens'),
      interactiveAt,
    };
  };
  if (bench.config.startup) {
    bench.startup = measureStartup();
    bench.startup.catch(() => undefined);
  }

  /**
   * The phone profile: painted times since navigation start of the
   * shell (the widget's card drawn), the chains listed, and interactive: the
   * chains listed, the amount input enabled and a quote shown for the preset
   * amount, all in one frame.
   */
  const formState = (w) => {
    const input = sel.amountInput(w);
    return {
      shell: !!sel.inWidget(w, '[part~="base"]'),
      chains: bench.interactive(w)(),
      amountEnabled: !!input && !input.disabled,
      quote: /\d/.test(sel.quoteLineText(w)),
    };
  };
  const measurePhone = async () => {
    await new Promise((resolve) => (document.readyState === 'loading' ? document.addEventListener('DOMContentLoaded', resolve, { once: true }) : resolve()));
    const [shellAt, chainsAt, formAt, quoteAt, interactiveAt] = await Promise.all([
      whenPainted(() => formState(sel.widget()).shell, 120000, 'the widget shell'),
      whenPainted(() => formState(sel.widget()).chains, 120000, 'the chains listed'),
      whenPainted(
        () => {
          const state = formState(sel.widget());
          return state.chains && state.amountEnabled;
        },
        120000,
        'the form usable (chains listed, amount input enabled)',
      ),
      whenPainted(() => formState(sel.widget()).quote, 120000, "the preset amount's quote"),
      whenPainted(
        () => {
          const state = formState(sel.widget());
          return state.chains && state.amountEnabled && state.quote;
        },
        120000,
        'the form interactive (chains, amount input, quote)',
      ),
    ]);
    // What the start-up asked for, in order: the script files and the proxy's answers, as the page saw them.
    const requests = performance
      .getEntriesByType('resource')
      .filter((r) => r.startTime <= interactiveAt)
      .map((r) => {
        const url = new URL(r.name);
        return {
          what: url.pathname.endsWith('.js')
            ? url.pathname.split('/').pop()
            : `${url.pathname.replace(/0x[0-9a-fA-F]{40}/g, ':address')}${url.search ? '?…' : ''}`,
          start: r.startTime,
          end: r.responseEnd,
        };
      });
    return { shellAt, chainsAt, formAt, quoteAt, interactiveAt, requests };
  };
  if (bench.config.phone) {
    bench.phone = measurePhone();
    bench.phone.catch(() => undefined);
  }

  /**
   * Arms a measurement of the next click on the primary button (Bridge):
   * click → the first painted frame showing the review (bw-route-review, from
   * the review chunk), and the script files requested after the click.
   */
  bench.armReviewClick = () => {
    const w = sel.widget();
    bench.reviewClick = new Promise((resolve, reject) => {
      const onClick = (e) => {
        if (!e.composedPath().some((n) => n && n.getAttribute && /\bprimary-button\b/.test(n.getAttribute('part') || ''))) return;
        w.shadowRoot.removeEventListener('click', onClick, true);
        const clickAt = e.timeStamp;
        whenPainted(() => sel.inWidget(sel.widget(), 'bw-route-review'), 120000, 'the review').then((reviewAt) => {
          const scriptsAfterClick = performance
            .getEntriesByType('resource')
            .filter((r) => r.startTime >= clickAt && new URL(r.name).pathname.endsWith('.js'))
            .map((r) => new URL(r.name).pathname.split('/').pop());
          resolve({ clickAt, reviewAt, scriptsAfterClick });
        }, reject);
      };
      w.shadowRoot.addEventListener('click', onClick, true);
    });
    bench.reviewClick.catch(() => undefined);
  };

  bench.connectWallet = async (options) => {
    const { createDevWallet, PROMPT_METHODS } = await import(options.walletModule);
    const wallet = createDevWallet({ privateKey: options.privateKey, chains: options.chains, chainId: options.chainId, autoConnect: true });
    bench.wallet = wallet;
    /** How many times the wallet has asked its user so far. */
    bench.walletPrompts = () => wallet.requests.filter((method) => PROMPT_METHODS.includes(method)).length;
    for (const w of document.querySelectorAll('bridge-widget')) w.provider = wallet;
    return wallet.address;
  };

  bench.focusAmount = () => {
    const input = sel.amountInput(sel.widget());
    if (!input) throw new Error('bench: no amount input');
    input.focus();
    bench.inputs.length = 0;
    return document.activeElement === sel.widget();
  };

  /** After typing: when the quote panel showed numbers, relative to the last keystroke. */
  bench.quoteShown = async () => {
    const w = sel.widget();
    const shownAt = await whenPainted(() => /\d/.test(sel.quoteLineText(w)), 60000, 'a quote in the quote panel');
    const quoteEvent = bench.events.find((e) => e.type === 'bridge-quote');
    const inputs = bench.inputs.slice();
    const gaps = inputs.slice(1).map((x, i) => x.at - inputs[i].at);
    return {
      firstInputAt: inputs[0] ? inputs[0].at : NaN,
      lastInputAt: inputs.length ? inputs[inputs.length - 1].at : NaN,
      keystrokes: inputs.length,
      maxGap: gaps.length ? Math.max(...gaps) : 0,
      quoteEventAt: quoteEvent ? quoteEvent.at : NaN,
      shownAt,
      text: sel.quoteLineText(w),
    };
  };

  bench.primaryText = () => {
    const b = sel.primaryButton(sel.widget());
    return b ? { text: b.textContent.replace(/\s+/g, ' ').trim(), disabled: b.disabled } : { text: '', disabled: true };
  };

  /** Resolves with the first final event: success, failed, or an error the user must act on. */
  bench.outcome = (timeoutMs) =>
    new Promise((resolve) => {
      const done = () => bench.events.find((e) => e.type === 'bridge-success' || e.type === 'bridge-failed' || e.type === 'bridge-error');
      const start = performance.now();
      const check = () => {
        const event = done();
        if (event) return resolve(event);
        if (performance.now() - start > timeoutMs) return resolve({ type: 'timeout' });
        setTimeout(check, 50);
      };
      check();
    });

  /** Removes the widget and mounts a new one with the same attributes; resolves when it shows a chain. */
  bench.remount = async () => {
    const old = sel.widget();
    const attributes = [...old.attributes].map((a) => [a.name, a.value]);
    const provider = old.provider;
    old.remove();
    const startedAt = performance.now();
    const w = document.createElement('bridge-widget');
    for (const [name, value] of attributes) w.setAttribute(name, value);
    if (provider) w.provider = provider;
    document.body.append(w);
    const interactiveAt = await whenPainted(bench.interactive(w), 60000, 'the remounted widget showing a chain');
    return { startedAt, interactiveAt };
  };

  /** Mount/unmount cycles for the memory figure. */
  bench.cycles = async (count) => {
    const cfg = bench.config;
    for (let i = 0; i < count; i++) {
      const w = document.createElement('bridge-widget');
      w.setAttribute('proxy-url', cfg.proxyUrl);
      w.setAttribute('from-chain', cfg.fromChain);
      w.setAttribute('to-chain', cfg.toChain);
      w.setAttribute('from-token', 'USDC');
      w.setAttribute('to-token', 'USDC');
      if (bench.wallet) w.provider = bench.wallet;
      document.body.append(w);
      await whenPainted(bench.interactive(w), 30000, `cycle ${i + 1}: the widget showing a chain`);
      w.remove();
    }
    return document.querySelectorAll('bridge-widget').length;
  };

  bench.walletListeners = () => {
    const map = bench.wallet && bench.wallet.listeners;
    if (!(map instanceof Map)) return NaN;
    let n = 0;
    for (const set of map.values()) n += set.size;
    return n;
  };

  /** Token picker: arms a measurement of the next click on the trigger (click → dialog painted with rows). */
  bench.armPickerOpen = (side = 0) => {
    const picker = sel.tokenPicker(sel.widget(), side);
    const trigger = sel.inPart(picker, '[part~="trigger"]');
    if (!trigger) throw new Error('bench: no token picker trigger');
    bench.pickerOpen = new Promise((resolve, reject) => {
      trigger.addEventListener(
        'click',
        (e) => {
          const clickedAt = e.timeStamp;
          // This listener runs after the picker's own (registered at first render): the update is pending.
          picker.updateComplete
            .then(() => whenPainted(() => picker.shadowRoot.querySelector('[part~="dialog"] [role="option"]'), 30000, 'token rows'))
            .then((paintedAt) => {
              const rows = picker.shadowRoot.querySelectorAll('[role="option"]');
              resolve({
                ms: paintedAt - clickedAt,
                rows: rows.length,
                setSize: Number(rows[0] && rows[0].getAttribute('aria-setsize')),
                tokens: picker.tokens.length,
              });
            }, reject);
        },
        { once: true },
      );
    });
    bench.pickerOpen.catch(() => undefined);
    return picker.tokens.length;
  };

  /** Token picker search: records input → painted result for every keystroke in the search field. */
  bench.armPickerSearch = (side = 0) => {
    const picker = sel.tokenPicker(sel.widget(), side);
    const search = sel.inPart(picker, '[part~="search"]');
    if (!search) throw new Error('bench: no search field (is the picker open?)');
    bench.keys = [];
    search.focus();
    search.addEventListener('input', (e) => {
      const inputAt = (bench.lastInputAt = e.timeStamp);
      const query = search.value;
      picker.updateComplete
        .then(() => afterPaint())
        .then((paintedAt) => {
          const first = picker.shadowRoot.querySelector('[role="option"]');
          bench.keys.push({ query, ms: paintedAt - inputAt, matches: first ? Number(first.getAttribute('aria-setsize')) : 0 });
        });
    });
    return picker.shadowRoot.activeElement === search;
  };

  /** Last keystroke → a row titled `title` painted: the service's search result, when no loaded page had it. */
  bench.rowPainted = (title, side = 0) => {
    const picker = sel.tokenPicker(sel.widget(), side);
    const row = () => [...picker.shadowRoot.querySelectorAll('[role="option"] .option-title')].some((n) => n.textContent.trim() === title);
    return whenPainted(row, 30000, `a ${title} row`).then((paintedAt) => paintedAt - bench.lastInputAt);
  };

  window.__bench = bench;
})();
