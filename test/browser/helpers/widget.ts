/** Small harness for driving <bridge-widget> the way a user would. */
import type { BridgeWidget } from '../../../src/bridge-widget/bridge-widget.js';

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

/** Waits for an event, failing with the widget's visible error text if a `bridge-error` arrives first. */
export function nextEvent<T>(target: EventTarget, type: string, timeout = 60_000): Promise<CustomEvent<T>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no ${type} within ${timeout} ms`));
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
