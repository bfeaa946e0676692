/**
 * What changes of view mean for focus and screen readers: the one polite live
 * region (the shell's phases and its parts' `bw-announce` messages), and focus
 * moved to the new view's start when a view replaced the focused control.
 */
import { LitElement, type ReactiveController } from 'lit';
import type { AnnounceEvent } from '../../components/shared/part.js';

export class ViewController implements ReactiveController {
  /** Text of the live region. */
  announcement = '';
  #focusWasInside = false;
  #shownView = '';

  readonly #host: LitElement;
  readonly #view: () => string;

  constructor(host: LitElement, view: () => string) {
    this.#host = host;
    this.#view = view;
    host.addController(this);
  }

  hostConnected(): void {
    this.#host.renderRoot.addEventListener('focusout', this.#onFocusOut);
  }

  hostDisconnected(): void {
    this.#host.renderRoot.removeEventListener('focusout', this.#onFocusOut);
  }

  hostUpdate(): void {
    this.#focusWasInside = this.#host.hasUpdated && this.#host.matches(':focus-within');
  }

  hostUpdated(): void {
    const view = this.#view();
    const { shadowRoot } = this.#host;
    // A new view replaced the focused control, or the focused button got disabled (the main button turns into
    // "Getting a quote…" once a wallet connects): focus goes to the view's start rather than to the page.
    const active = shadowRoot?.activeElement as HTMLButtonElement | null | undefined;
    if (this.#focusWasInside && (view !== this.#shownView && this.#shownView ? !active : active?.disabled)) void this.#focusView(view);
    this.#shownView = view;
  }

  /** Puts a message in the live region; the same message twice is still spoken twice. */
  say(message: string): void {
    this.announcement = this.announcement === message ? `${message}\u00a0` : message;
    this.#host.requestUpdate();
  }

  /**
   * The browser takes focus away from a control that gets disabled or removed
   * (focus fixup), sometimes after the update that did it has finished: a
   * focus that leaves to nowhere from such a control was taken by the widget,
   * not by the user, so it goes to the view's start instead of the page.
   */
  readonly #onFocusOut = (event: Event): void => {
    const { relatedTarget, target } = event as FocusEvent;
    if (relatedTarget || !(target instanceof HTMLElement)) return;
    if (target.isConnected && !target.matches(':disabled')) return;
    void this.#host.updateComplete.then(() => {
      if (!this.#host.matches(':focus-within')) void this.#focusView(this.#view());
    });
  };

  /** Listener for `bw-announce`: the parts speak through the shell's region. */
  readonly onAnnounce = (event: AnnounceEvent): void => {
    event.preventDefault();
    event.stopPropagation();
    this.say(event.detail.message);
  };

  async #focusView(view: string): Promise<void> {
    const root = this.#host.renderRoot;
    let target: HTMLElement | null;
    if (view === 'executing') target = root.querySelector('[part~="status"]');
    else if (view === 'tracking') target = root.querySelector('bw-status-tracker');
    else {
      const primary = root.querySelector<HTMLButtonElement>('[part="primary-button"]');
      target = primary && !primary.disabled ? primary : root.querySelector('bw-amount-input');
    }
    // A part focuses its own control, which exists once it has rendered.
    if (target instanceof LitElement) await target.updateComplete;
    target?.focus();
  }
}
