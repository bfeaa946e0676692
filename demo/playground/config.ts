/**
 * A playground configuration: the fields that differ from the widget's
 * defaults, each as its attribute (or custom property) would be written.
 * Everything else of the playground (the live widget, the snippets, the URL)
 * is derived from it here or in ./snippets.ts. DOM-free: Node tests import it.
 */
import { FIELDS, fieldNamed, type Field } from './fields.ts';

/** Field name → value, only for fields set to something other than the default. */
export type PlaygroundConfig = Readonly<Record<string, string>>;

export const EMPTY_CONFIG: PlaygroundConfig = Object.freeze({});

const ID = /^[\w.:-]{1,80}$/;
const DECIMAL = /^\d{1,30}(\.\d{1,30})?$/;
/** A WebSocket URL without quotes, spaces or anything else a snippet would have to escape. */
const WS_URL = /^wss?:\/\/[\w.:-]{1,100}(\/[\w./-]{0,100})?$/;
const COLOR = /^(#[\da-f]{3,8}|[a-z]{3,30}|(rgb|hsl|oklch)a?\([\d\s.,%/]{1,60}\))$/i;
// No quote, semicolon, brace, angle bracket or backslash: the value goes into CSS, HTML and JavaScript strings as it is.
const CSS_VALUE = /^[\w\s.,%'#()/-]{1,120}$/;

function list(value: string): string | undefined {
  const items = [
    ...new Set(
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  ];
  return items.every((item) => ID.test(item)) ? items.join(',') : undefined;
}

/**
 * The value as the config keeps it, or undefined when the field cannot take
 * it (so a hand-edited URL or a typo never reaches the widget or the code).
 * Booleans are `'true'` or `''`.
 */
export function normalizeValue(field: Field, raw: string): string | undefined {
  const value = raw.trim();
  if (value === '') return '';
  switch (field.kind) {
    case 'boolean':
      return value === 'true' || value === 'on' ? 'true' : value === 'false' ? '' : undefined;
    case 'number':
    case 'decimal':
      return DECIMAL.test(value) ? value : undefined;
    case 'choice':
      return field.target === 'attribute' && field.choices?.includes(value) ? value : undefined;
    case 'chain':
    case 'token':
    case 'text':
      return ID.test(value) ? value : undefined;
    case 'url':
      return WS_URL.test(value) ? value : undefined;
    case 'chains':
    case 'tokens':
      return list(value);
    case 'color':
      return COLOR.test(value) ? value : undefined;
    case 'css':
      return CSS_VALUE.test(value) ? value.replace(/\s+/g, ' ') : undefined;
  }
}

/** The config with one field changed; a default (or empty) value removes the field, an invalid one leaves the config as it was. */
export function withField(config: PlaygroundConfig, name: string, raw: string): PlaygroundConfig {
  const field = fieldNamed(name);
  if (!field) return config;
  const value = normalizeValue(field, raw);
  if (value === undefined) return config;
  const next: Record<string, string> = { ...config };
  if (value === '' || value === field.defaultValue) delete next[name];
  else next[name] = value;
  return Object.freeze(next);
}

/** The value a control shows: the config's, else the default. */
export function valueOf(config: PlaygroundConfig, field: Field): string {
  return config[field.name] ?? field.defaultValue;
}

/** The fields set, in the fields' order (the order every snippet writes them in). */
export function changedFields(config: PlaygroundConfig): Array<{ field: Field; value: string }> {
  return FIELDS.filter((field) => config[field.name] !== undefined).map((field) => ({ field, value: config[field.name]! }));
}

/** Attributes to set on the element (a boolean as `''`), in order. */
export function attributesOf(config: PlaygroundConfig): Array<[name: string, value: string]> {
  return changedFields(config)
    .filter(({ field }) => field.target === 'attribute')
    .map(({ field, value }) => [field.name, field.kind === 'boolean' ? '' : value]);
}

/** Custom properties to set on the element, in order. */
export function cssPropertiesOf(config: PlaygroundConfig): Array<[name: string, value: string]> {
  return changedFields(config)
    .filter(({ field }) => field.target === 'css')
    .map(({ field, value }) => [field.name, value]);
}

/** The config as the page's query string (without `?`): one parameter per field set, named like the attribute or custom property. */
export function toQuery(config: PlaygroundConfig): string {
  const params = new URLSearchParams();
  for (const { field, value } of changedFields(config)) params.set(field.name, value);
  return params.toString();
}

/** The config a query string describes; unknown names and values a field cannot take are ignored. */
export function fromQuery(query: string): PlaygroundConfig {
  let config = EMPTY_CONFIG;
  for (const [name, value] of new URLSearchParams(query)) config = withField(config, name, value);
  return config;
}
