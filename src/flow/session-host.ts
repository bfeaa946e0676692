/**
 * The session's side that faces its host: it is the Tasks'
 * ReactiveControllerHost (a small DOM-free one, so that the flow, Tasks
 * included, runs in Node), and it tells its listeners (the element) that
 * something changed or a public event happened.
 *
 * `requestUpdate` batches every change of a turn into one update, in which the
 * Tasks see the new draft (a quote runs when its inputs change) and then the
 * listeners hear of it.
 */
import type { ReactiveController, ReactiveControllerHost } from '@lit/reactive-element';
import type { BridgeEventDetails } from '../events/index.js';

/** Where the session stands, as its host renders it: the form, an attempt (`executing`), or a transfer followed on screen. */
export type View = 'form' | 'executing' | 'tracking';

/** What the session tells its host: something changed (render again), or a public event happened. */
export interface SessionListener {
  changed?(): void;
  event?<K extends keyof BridgeEventDetails>(type: K, detail: BridgeEventDetails[K]): void;
}

export class SessionHost implements ReactiveControllerHost {
  readonly #listeners = new Set<SessionListener>();
  readonly #controllers = new Set<ReactiveController>();
  #updating: Promise<boolean> | undefined;

  addController(controller: ReactiveController): void {
    this.#controllers.add(controller);
  }

  removeController(controller: ReactiveController): void {
    this.#controllers.delete(controller);
  }

  /** Batches the changes of this turn into one update: the Tasks look at their inputs, then the listeners render. */
  requestUpdate(): void {
    this.#updating ??= Promise.resolve().then(() => {
      this.#updating = undefined;
      for (const controller of this.#controllers) controller.hostUpdate?.();
      for (const listener of this.#listeners) listener.changed?.();
      for (const controller of this.#controllers) controller.hostUpdated?.();
      return true;
    });
  }

  get updateComplete(): Promise<boolean> {
    return this.#updating ?? Promise.resolve(true);
  }

  subscribe(listener: SessionListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** A public event, for the listeners to fire (the rooms report theirs through it). */
  emit<K extends keyof BridgeEventDetails>(type: K, detail: BridgeEventDetails[K]): void {
    for (const listener of this.#listeners) listener.event?.(type, detail);
  }
}
