import { h, stringify } from './dom.js';

export type LogSource = 'widget' | 'wallet' | 'phone' | 'sandbox' | 'demo';

export interface EventLog {
  add(source: LogSource, title: string, detail?: unknown): void;
  clear(): void;
}

const MAX_ENTRIES = 200;

/** A newest-first log; entries with a detail expand to show it. */
export function mountEventLog(container: HTMLElement): EventLog {
  const list = h('ol', { class: 'log', 'aria-live': 'polite', 'data-testid': 'event-log' });
  const clearButton = h('button', { type: 'button', class: 'quiet' }, 'Clear');
  const empty = h('p', { class: 'muted log-empty' }, 'Nothing yet. Widget events (bridge-*) and wallet requests appear here.');
  container.replaceChildren(h('div', { class: 'card-header' }, h('h2', {}, 'Event log'), clearButton), empty, list);

  const log: EventLog = {
    add(source, title, detail) {
      const time = new Date().toLocaleTimeString([], { hour12: false });
      const summary = h('span', { class: 'log-line' }, h('time', {}, time), h('span', { class: `tag tag-${source}` }, source), h('strong', {}, title));
      const entry =
        detail === undefined
          ? h('li', { 'data-source': source, 'data-title': title }, summary)
          : h('li', { 'data-source': source, 'data-title': title }, h('details', {}, h('summary', {}, summary), h('pre', {}, stringify(detail))));
      list.prepend(entry);
      while (list.children.length > MAX_ENTRIES) list.lastElementChild?.remove();
      empty.hidden = true;
    },
    clear() {
      list.replaceChildren();
      empty.hidden = false;
    },
  };
  clearButton.addEventListener('click', () => log.clear());
  return log;
}
