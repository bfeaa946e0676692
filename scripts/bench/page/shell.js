// The shell probe of `npm run bench -- --peers`, inlined as a classic script
// in the head of each widget's page (LI.FI, TokenFlight and ours), so that
// every widget's shell is judged by one rule:
//
//   the widget's root element (window.__benchShellRoot, a CSS selector) has a
//   nonzero box, and some text inside it (light DOM or open shadow roots) is
//   laid out: a non-blank text node whose element has a nonzero box and is
//   not visibility: hidden.
//
// The time is taken as in probe.js: the condition held in a
// requestAnimationFrame callback and a message-channel task queued from it
// has run (the frame is rendered). It is marked as `bench:shell` for the
// trace, and window.__benchShell resolves with { shellAt, scripts } where
// scripts are the JS files fetched before the shell (gzip bytes as sent).
(() => {
  'use strict';
  const selector = window.__benchShellRoot;
  const boxed = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const hasLaidOutText = (node) => {
    const stack = [node];
    while (stack.length) {
      const n = stack.pop();
      if (n.nodeType === 3) {
        const parent = n.parentElement;
        if (n.data.trim() && parent && boxed(parent) && getComputedStyle(parent).visibility !== 'hidden') return true;
        continue;
      }
      if (n.nodeType !== 1 && n.nodeType !== 11) continue;
      if (n.nodeType === 1 && /^(SCRIPT|STYLE|TEMPLATE|NOSCRIPT)$/.test(n.tagName)) continue;
      if (n.shadowRoot) stack.push(n.shadowRoot);
      for (const child of n.childNodes) stack.push(child);
    }
    return false;
  };
  const shown = () => {
    const root = document.querySelector(selector);
    return !!root && boxed(root) && hasLaidOutText(root);
  };
  window.__benchShell = new Promise((resolve, reject) => {
    const tick = () => {
      let ok = false;
      try {
        ok = shown();
      } catch {
        ok = false;
      }
      if (ok) {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const shellAt = performance.now();
          performance.mark('bench:shell');
          const scripts = performance
            .getEntriesByType('resource')
            .filter((r) => r.startTime <= shellAt && new URL(r.name).pathname.endsWith('.js'))
            .map((r) => ({ file: new URL(r.name).pathname, gzip: r.encodedBodySize }));
          resolve({ shellAt, scripts });
        };
        channel.port2.postMessage(0);
        return;
      }
      if (performance.now() > 120000) {
        reject(new Error(`bench: no shell of ${selector} within 120 s`));
        return;
      }
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  window.__benchShell.catch(() => undefined);
})();
