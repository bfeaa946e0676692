/**
 * The playground page: a control per field, the widget mounted with the
 * configuration (again on each change), the five snippets with Copy buttons,
 * the configuration kept in the page's address. The rules (what a value may
 * be, what each snippet writes, the address) live in ./config.ts and
 * ./snippets.ts; this file only wires them to the DOM.
 */
import 'bridge-widget';
import { h } from '../shared/dom.ts';
import { PlaygroundCatalog, type CatalogChain } from './catalog.ts';
import { EMPTY_CONFIG, attributesOf, cssPropertiesOf, fromQuery, normalizeValue, toQuery, valueOf, withField, type PlaygroundConfig } from './config.ts';
import { FIELDS, GROUP_LABELS, PROXY_ATTRIBUTE, RTL_LOCALES, type AttributeField, type Field, type FieldGroup } from './fields.ts';
import { SNIPPET_KINDS, SNIPPET_LABELS, snippet, type SnippetKind } from './snippets.ts';

const proxyUrl = document.querySelector<HTMLMetaElement>('meta[name="bridge-proxy-url"]')?.content ?? '';
const catalog = new PlaygroundCatalog(proxyUrl);
const status = document.getElementById('status')!;

let config: PlaygroundConfig = fromQuery(location.search);
let selectedSnippet: SnippetKind = 'script-tag';
const controls = new Map<string, HTMLInputElement | HTMLSelectElement>();

const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language' });
function localeLabel(code: string): string {
  const native = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  const english = LANGUAGE_NAMES.of(code) ?? code;
  const name = native === english ? english : `${english} (${native})`;
  return `${name} · ${code}${RTL_LOCALES.includes(code) ? ' · right to left' : ''}`;
}

function setConfig(next: PlaygroundConfig, { remount }: { remount: boolean }): void {
  const attributesChanged = JSON.stringify(attributesOf(next)) !== JSON.stringify(attributesOf(config));
  config = next;
  const query = toQuery(config);
  history.replaceState(null, '', `${location.pathname}${query ? `?${query}` : ''}${location.hash}`);
  if (remount || attributesChanged) mountPreview();
  else applyCss(document.querySelector('#preview bridge-widget'));
  renderCode();
}

// ---- the widget ---------------------------------------------------------------------------

function applyCss(widget: HTMLElement | null): void {
  if (!widget) return;
  const set = new Map(cssPropertiesOf(config));
  for (const field of FIELDS) {
    if (field.target !== 'css') continue;
    const value = set.get(field.name);
    // CSSOM, not a style attribute: allowed under the static build's style-src 'self'.
    if (value === undefined) widget.style.removeProperty(field.name);
    else widget.style.setProperty(field.name, value);
  }
}

/** A new element per attribute change: presets are read when the widget starts, as on a partner's page. */
function mountPreview(): void {
  const widget = document.createElement('bridge-widget');
  widget.setAttribute(PROXY_ATTRIBUTE.name, proxyUrl);
  for (const [name, value] of attributesOf(config)) widget.setAttribute(name, value);
  applyCss(widget);
  document.getElementById('preview')!.replaceChildren(widget);
}

// ---- the controls -------------------------------------------------------------------------

function controlId(field: Field): string {
  return `field-${field.name.replace(/^--/, '')}`;
}

function hintFor(field: Field): string | undefined {
  if (field.target === 'css') return `Custom property ${field.name}; empty: the theme's own (${field.placeholder} in light).`;
  const base = `Attribute ${field.name}`;
  if (field.kind === 'tokens') return `${base}: symbols or addresses, comma-separated.`;
  if (field.kind === 'token') return `${base}: a symbol or an address.`;
  if (field.defaultValue && field.kind !== 'choice') return `${base}; default ${field.defaultValue}.`;
  return `${base}.`;
}

function onInput(field: Field, control: HTMLInputElement | HTMLSelectElement, raw: string): void {
  const valid = normalizeValue(field, raw) !== undefined;
  control.setAttribute('aria-invalid', String(!valid));
  const error = document.getElementById(`${controlId(field)}-error`);
  if (error) error.textContent = valid ? '' : 'Not a value this field takes; the widget keeps the previous one.';
  if (valid) setConfig(withField(config, field.name, raw), { remount: false });
}

function selectedValues(select: HTMLSelectElement): string {
  return [...select.selectedOptions].map((option) => option.value).join(',');
}

function chainOptions(select: HTMLSelectElement, chains: CatalogChain[], field: AttributeField): void {
  const current = valueOf(config, field).split(',').filter(Boolean);
  const options = chains.map((chain) => h('option', { value: chain.id, selected: current.includes(chain.id) }, `${chain.name} · ${chain.id}`));
  // A chain the address names but the catalog lacks stays selectable, so the control shows what the widget is given.
  for (const id of current)
    if (!chains.some((chain) => chain.id === id)) options.push(h('option', { value: id, selected: true }, `${id} (not in the catalog)`));
  if (field.kind === 'chain') options.unshift(h('option', { value: '', selected: current.length === 0 }, 'None (the widget picks)'));
  select.replaceChildren(...options);
}

async function fillTokenSuggestions(list: HTMLDataListElement, chainId: string): Promise<void> {
  if (!chainId) return list.replaceChildren();
  try {
    const tokens = await catalog.tokens(chainId);
    list.replaceChildren(...tokens.map((token) => h('option', { value: token.symbol }, `${token.name} · ${token.address}`)));
  } catch {
    list.replaceChildren();
  }
}

function tokenChain(field: AttributeField): string {
  if (field.chainField)
    return valueOf(
      config,
      FIELDS.find((other) => other.name === field.chainField)!,
    );
  return valueOf(
    config,
    FIELDS.find((other) => other.name === (field.name.includes('-from-') ? 'from-chain' : 'to-chain'))!,
  );
}

function controlFor(field: Field, chains: CatalogChain[]): HTMLElement {
  const id = controlId(field);
  const hint = hintFor(field);
  const described = [hint ? `${id}-hint` : '', `${id}-error`].filter(Boolean).join(' ');
  const extras = [
    hint ? h('span', { class: 'hint', id: `${id}-hint` }, hint) : null,
    h('span', { class: 'hint error', id: `${id}-error`, 'aria-live': 'polite' }),
  ];

  if (field.kind === 'boolean') {
    const input = h('input', { type: 'checkbox', id, 'aria-describedby': described });
    input.checked = valueOf(config, field) === 'true';
    input.addEventListener('change', () => onInput(field, input, input.checked ? 'true' : ''));
    controls.set(field.name, input);
    return h('div', { class: 'field' }, h('div', { class: 'field-inline' }, input, h('label', { for: id }, field.label)), ...extras);
  }

  if (field.target === 'attribute' && (field.kind === 'choice' || field.kind === 'chain' || field.kind === 'chains')) {
    const select = h('select', { id, 'aria-describedby': described, multiple: field.kind === 'chains', size: field.kind === 'chains' ? '3' : undefined });
    if (field.kind === 'choice') {
      const options = (field.choices ?? []).map((choice) =>
        h('option', { value: choice, selected: valueOf(config, field) === choice }, field.name === 'locale' ? localeLabel(choice) : choice),
      );
      if (field.name === 'locale') options.unshift(h('option', { value: '', selected: !config.locale }, 'Automatic (the page’s language)'));
      select.replaceChildren(...options);
    } else {
      chainOptions(select, chains, field);
    }
    select.addEventListener('change', () => {
      onInput(field, select, field.kind === 'chains' ? selectedValues(select) : select.value);
      if (field.kind === 'chain') refreshTokenLists();
    });
    controls.set(field.name, select);
    return h('div', { class: 'field' }, h('label', { for: id }, field.label), select, ...extras);
  }

  const input = h('input', {
    type: 'text',
    id,
    'aria-describedby': described,
    autocomplete: 'off',
    spellcheck: 'false',
    inputmode: field.kind === 'number' || field.kind === 'decimal' ? 'decimal' : undefined,
    placeholder: field.target === 'css' ? field.placeholder : field.defaultValue || undefined,
  });
  input.value = config[field.name] ?? '';
  input.addEventListener('input', () => onInput(field, input, input.value));
  controls.set(field.name, input);
  const parts: HTMLElement[] = [input];
  if (field.kind === 'token' || field.kind === 'tokens') {
    const list = h('datalist', { id: `${id}-tokens`, 'data-token-list': field.name });
    input.setAttribute('list', list.id);
    parts.push(list);
  }
  if (field.kind === 'color') {
    const picker = h('input', { type: 'color', 'aria-label': `Pick: ${field.label}` });
    picker.value = hexColor(input.value) ?? (field.target === 'css' ? field.placeholder : '#000000');
    picker.addEventListener('input', () => {
      input.value = picker.value;
      onInput(field, input, input.value);
    });
    // The swatch follows a colour typed in any CSS form (#e6007a, #e07, rebeccapurple, rgb(…)).
    input.addEventListener('input', () => {
      const hex = hexColor(input.value);
      if (hex) picker.value = hex;
    });
    return h('div', { class: 'field' }, h('label', { for: id }, field.label), h('div', { class: 'with-picker' }, input, picker), ...extras);
  }
  return h('div', { class: 'field' }, h('label', { for: id }, field.label), ...parts, ...extras);
}

/** A CSS colour as `#rrggbb` (what a colour input takes), or undefined when the text is no colour: the canvas reads it as the page would. */
function hexColor(text: string): string | undefined {
  const value = text.trim();
  if (!value || !CSS.supports('color', value)) return undefined;
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return undefined;
  context.fillStyle = value;
  return /^#[\da-f]{6}$/i.test(context.fillStyle) ? context.fillStyle : undefined;
}

function refreshTokenLists(): void {
  for (const list of document.querySelectorAll<HTMLDataListElement>('datalist[data-token-list]')) {
    const field = FIELDS.find((other) => other.name === list.dataset.tokenList) as AttributeField;
    void fillTokenSuggestions(list, tokenChain(field).split(',')[0] ?? '');
  }
}

function renderControls(chains: CatalogChain[]): void {
  controls.clear();
  const groups = new Map<FieldGroup, HTMLElement[]>();
  for (const field of FIELDS) groups.set(field.group, [...(groups.get(field.group) ?? []), controlFor(field, chains)]);
  document
    .getElementById('fields')!
    .replaceChildren(...[...groups].map(([group, fields]) => h('fieldset', {}, h('legend', {}, GROUP_LABELS[group]), ...fields)));
  refreshTokenLists();
}

// ---- the code -----------------------------------------------------------------------------

function renderCode(): void {
  const container = document.getElementById('code')!;
  const tabs = SNIPPET_KINDS.map((kind) => {
    const tab = h(
      'button',
      {
        type: 'button',
        role: 'tab',
        id: `tab-${kind}`,
        'aria-controls': 'snippet-panel',
        'aria-selected': String(kind === selectedSnippet),
        tabindex: kind === selectedSnippet ? '0' : '-1',
      },
      SNIPPET_LABELS[kind],
    );
    tab.addEventListener('click', () => {
      selectedSnippet = kind;
      renderCode();
      document.getElementById(`tab-${kind}`)?.focus();
    });
    tab.addEventListener('keydown', (event) => {
      const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
      if (!step) return;
      event.preventDefault();
      const index = (SNIPPET_KINDS.indexOf(kind) + step + SNIPPET_KINDS.length) % SNIPPET_KINDS.length;
      selectedSnippet = SNIPPET_KINDS[index]!;
      renderCode();
      document.getElementById(`tab-${selectedSnippet}`)?.focus();
    });
    return tab;
  });
  const code = snippet(selectedSnippet, config);
  const copied = h('span', { class: 'muted', role: 'status', 'data-testid': 'copied' });
  const copy = h('button', { type: 'button' }, `Copy ${SNIPPET_LABELS[selectedSnippet]} code`);
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(code);
      copied.textContent = 'Copied.';
    } catch {
      const range = document.createRange();
      range.selectNodeContents(pre);
      getSelection()?.removeAllRanges();
      getSelection()?.addRange(range);
      copied.textContent = 'Selected: press Ctrl+C (⌘C) to copy.';
    }
  });
  const pre = h('pre', { tabindex: '0', 'aria-label': `${SNIPPET_LABELS[selectedSnippet]} code`, 'data-testid': 'snippet' }, h('code', {}, code));
  container.replaceChildren(
    h('div', { class: 'tabs', role: 'tablist', 'aria-label': 'Framework' }, ...tabs),
    h('div', { role: 'tabpanel', id: 'snippet-panel', 'aria-labelledby': `tab-${selectedSnippet}` }, h('div', { class: 'field-inline' }, copy, copied), pre),
  );
}

// ---- start --------------------------------------------------------------------------------

document.getElementById('reset')!.addEventListener('click', () => {
  setConfig(EMPTY_CONFIG, { remount: true });
  void start();
});

let chains: CatalogChain[] = [];
async function start(): Promise<void> {
  renderControls(chains);
  if (chains.length) return;
  status.textContent = 'Loading the chain list from the proxy…';
  try {
    chains = await catalog.chains();
    status.textContent = '';
    renderControls(chains);
  } catch (error) {
    status.textContent = `The chain list could not be loaded from ${proxyUrl || 'the proxy'}: ${(error as Error).message}. Chain ids can still be typed in the address.`;
  }
}

if (!proxyUrl || proxyUrl.includes('%')) {
  status.textContent = 'No proxy URL: build the playground with npm run build:playground -- --proxy-url <your proxy>.';
}
mountPreview();
renderCode();
void start();
