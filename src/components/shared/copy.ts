import type { ReactiveController, ReactiveControllerHost } from 'lit';

/**
 * The copy buttons of a part (the tracker's support details, the deposit
 * address): whether the page may write the clipboard (read when the part
 * connects), and which value was just copied, for two seconds, so its button
 * says so. The part words what is announced (`said`: copied, or not).
 */
export class CopyController implements ReactiveController {
  /** The clipboard can be written: the buttons show only then. */
  canCopy = false;
  /** The label of the value just copied. */
  copied: string | undefined;

  readonly #host: ReactiveControllerHost;
  readonly #said: (label: string, copied: boolean) => void;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(host: ReactiveControllerHost, said: (label: string, copied: boolean) => void) {
    this.#host = host;
    this.#said = said;
    host.addController(this);
  }

  hostConnected(): void {
    this.canCopy = typeof navigator.clipboard?.writeText === 'function';
  }

  hostDisconnected(): void {
    clearTimeout(this.#timer);
  }

  async copy(label: string, value: string): Promise<void> {
    clearTimeout(this.#timer);
    try {
      await navigator.clipboard.writeText(value);
      this.copied = label;
      this.#said(label, true);
    } catch {
      this.copied = undefined;
      this.#said(label, false);
    }
    this.#host.requestUpdate();
    this.#timer = setTimeout(() => {
      this.copied = undefined;
      this.#host.requestUpdate();
    }, 2000);
  }
}
