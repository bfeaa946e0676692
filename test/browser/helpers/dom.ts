/** DOM helpers for tests that look inside <bridge-widget> and its parts. */
import type { BridgeWidget } from '../../../src/bridge-widget/bridge-widget.js';
import { primaryButton, shadow } from './widget.js';

/** The focused element, through every open shadow root. */
export function deepActiveElement(): Element | null {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active;
}

/** First element matching `selector` inside `host`'s shadow root or the shadow roots of its descendants. */
export function deepQuery<T extends Element = HTMLElement>(host: Element, selector: string): T | null {
  const root = host.shadowRoot;
  if (!root) return null;
  const direct = root.querySelector<T>(selector);
  if (direct) return direct;
  for (const child of root.querySelectorAll('*')) {
    const found = child.shadowRoot ? deepQuery<T>(child, selector) : null;
    if (found) return found;
  }
  return null;
}

/** Elements carrying a `part` name (space-separated list), in the widget and the parts inside it. */
export function partsNamed(host: Element, name: string): Element[] {
  const out: Element[] = [];
  const walk = (root: ShadowRoot) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.part.contains(name)) out.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  if (host.shadowRoot) walk(host.shadowRoot);
  return out;
}

/** What an ARIA id list (`aria-labelledby`, `aria-describedby`) names in `root`: the texts of its elements, whitespace collapsed, in order. */
export function idrefText(root: ShadowRoot | Document, ids: string | null | undefined): string {
  return (ids ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => root.getElementById(id)?.textContent?.replace(/\s+/g, ' ').trim() ?? '')
    .join(' ');
}

export async function waitFor(check: () => unknown, message: string, timeout = 30_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timeout: ${message}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Resolves once the form is on screen with its primary button. */
export async function formReady(widget: BridgeWidget): Promise<void> {
  await waitFor(() => shadow(widget).querySelector('[part="primary-button"]') && shadow(widget).querySelector('bw-amount-input'), 'the form');
  await widget.updateComplete;
}

export function primaryText(widget: BridgeWidget): string {
  return primaryButton(widget).textContent?.trim().replace(/\s+/g, ' ') ?? '';
}

/** Text of an element and its shadow tree, whitespace collapsed. */
export function deepText(node: Node): string {
  const parts: string[] = [];
  const walk = (n: Node) => {
    if (n.nodeType === Node.TEXT_NODE) parts.push(n.textContent ?? '');
    const el = n as Element;
    if (el.shadowRoot) el.shadowRoot.childNodes.forEach(walk);
    n.childNodes.forEach(walk);
  };
  walk(node);
  return parts.join(' ').replace(/\s+/g, ' ').trim();
}

/** WCAG 2 contrast ratio of two CSS colours as `getComputedStyle` reports them (rgb/rgba; alpha is composited over `under`). */
export function contrastRatio(fg: string, bg: string, under = 'rgb(255, 255, 255)'): number {
  const parse = (c: string): [number, number, number, number] => {
    const m = c.match(/rgba?\(([^)]+)\)/);
    if (!m) throw new Error(`cannot read colour ${c}`);
    const [r = 0, g = 0, b = 0, a = 1] = m[1]!
      .split(/[ ,/]+/)
      .filter(Boolean)
      .map(Number);
    return [r, g, b, a];
  };
  const over = (top: [number, number, number, number], base: [number, number, number]): [number, number, number] => {
    const a = top[3];
    return [top[0] * a + base[0] * (1 - a), top[1] * a + base[1] * (1 - a), top[2] * a + base[2] * (1 - a)];
  };
  const base = parse(under);
  const background = over(parse(bg), [base[0], base[1], base[2]]);
  const foreground = over(parse(fg), background);
  const lum = ([r, g, b]: [number, number, number]) => {
    const ch = (v: number) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * ch(r) + 0.7152 * ch(g) + 0.0722 * ch(b);
  };
  const [hi, lo] = [lum(foreground), lum(background)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * Resolves once every finite animation and transition in `host`'s shadow trees
 * (a dialog fading in, a border easing) has finished, so a check of colours or
 * contrast (axe) sees the state at rest, not a frame mid-fade. Endless ones
 * (spinners, shimmer) are left running: they have no resting state.
 */
export async function untilAnimationsSettle(host: Element): Promise<void> {
  const roots = (el: Element): ShadowRoot[] => {
    const out: ShadowRoot[] = [];
    const walk = (root: ShadowRoot) => {
      out.push(root);
      for (const child of root.querySelectorAll('*')) if (child.shadowRoot) walk(child.shadowRoot);
    };
    for (const candidate of [el, ...el.querySelectorAll('*')]) if (candidate.shadowRoot) walk(candidate.shadowRoot);
    return out;
  };
  // A finished animation can start another (a re-render): look again until none is left, a bounded number of times.
  for (let round = 0; round < 20; round++) {
    await new Promise((r) => requestAnimationFrame(r));
    const running = [...host.getAnimations({ subtree: true }), ...roots(host).flatMap((root) => root.getAnimations())].filter(
      (a) => a.playState !== 'finished' && Number.isFinite(Number(a.effect?.getComputedTiming().endTime)),
    );
    if (running.length === 0) return;
    await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
  }
  throw new Error('animations kept starting; the element never came to rest');
}

/** The interval ids `action` clears (e.g. removing a part that counts seconds), so a test can see a timer stop with its part. */
export function intervalsClearedBy(action: () => void): unknown[] {
  const cleared: unknown[] = [];
  const original = window.clearInterval;
  window.clearInterval = ((id?: number) => {
    cleared.push(id);
    original(id);
  }) as typeof window.clearInterval;
  try {
    action();
  } finally {
    window.clearInterval = original;
  }
  return cleared;
}
