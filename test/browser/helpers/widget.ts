/** Small harness for driving <bridge-widget> the way a user would. */
import type { BridgeWidget } from '../../../src/bridge-widget/bridge-widget.js';
import { waitUntil } from './wait.js';
import { deepText } from './dom.js';

export function shadow(el: Element): ShadowRoot {
  const root = el.shadowRoot;
  if (!root) throw new Error(`${el.tagName} has no shadow root`);
  return root;
}

export function primaryButton(widget: BridgeWidget): HTMLButtonElement {
  const button = shadow(widget).querySelector<HTMLButtonElement>('[part="primary-button"]');
  if (!button) throw new Error('no primary button');
  return button;
}

/** The main button's label, or '' while the form is not rendered yet. */
export function buttonText(widget: BridgeWidget): string {
  return widget.shadowRoot?.querySelector('[part="primary-button"]')?.textContent?.trim() ?? '';
}

export async function waitForText(widget: BridgeWidget, predicate: (text: string) => boolean, message: string, timeout = 30_000): Promise<void> {
  const ready = () => {
    try {
      return predicate(primaryButton(widget).textContent?.trim() ?? '') && !primaryButton(widget).disabled;
    } catch {
      return false;
    }
  };
  const deadline = Date.now() + timeout;
  while (!ready()) {
    if (Date.now() > deadline) {
      const alerts = [...shadow(widget).querySelectorAll('[role="alert"]')].map((n) => n.textContent?.trim()).join(' | ') || 'none';
      throw new Error(`Timeout: ${message} (the button says “${primaryButton(widget).textContent?.trim()}”; alerts: ${alerts})`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits for an event; on a timeout, the error says what the widget shows then. */
export function nextEvent<T>(target: EventTarget, type: string, timeout = 60_000): Promise<CustomEvent<T>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      // What the user would see then, so that a run that failed far away says where the transfer stood.
      const shown = target instanceof Element ? `; the widget shows: “${deepText(target).slice(0, 600)}”` : '';
      reject(new Error(`no ${type} within ${timeout} ms${shown}`));
    }, timeout);
    const onEvent = (e: Event) => {
      cleanup();
      resolve(e as CustomEvent<T>);
    };
    const cleanup = () => {
      clearTimeout(timer);
      target.removeEventListener(type, onEvent);
    };
    target.addEventListener(type, onEvent);
  });
}

export function collectEvents(target: EventTarget, types: string[]): { type: string; detail: unknown }[] {
  const seen: { type: string; detail: unknown }[] = [];
  for (const type of types) target.addEventListener(type, (e) => seen.push({ type, detail: (e as CustomEvent).detail }));
  return seen;
}

/** Opens the swap box's quote line, as a user does to see the fees, and waits for its breakdown (a chunk of its own); returns the quote panel. */
export async function openQuote(widget: BridgeWidget): Promise<HTMLElement> {
  const panel = () => widget.shadowRoot?.querySelector<HTMLElement>('bw-quote-panel') ?? undefined;
  const line = () => panel()?.shadowRoot?.querySelector<HTMLButtonElement>('[part="summary"]') ?? undefined;
  await waitUntil(() => !!line() && !line()!.disabled, 'a quote on the quote line');
  if (line()!.getAttribute('aria-expanded') !== 'true') line()!.click();
  await waitUntil(() => panel()!.shadowRoot!.querySelector('[part="header"]'), 'the quote breakdown');
  return panel()!;
}
