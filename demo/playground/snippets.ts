/**
 * The code a partner copies from the playground: the same configuration as a
 * script tag, React, Vue and Svelte components and a plain npm import. Each
 * writes only what differs from the widget's defaults, in the fields' order,
 * with the proxy URL as a placeholder to fill. DOM-free: Node tests import it,
 * and test/node/playground-snippets.test.ts type-checks what it writes.
 */
import pkg from '../../package.json' with { type: 'json' };
import { changedFields, type PlaygroundConfig } from './config.ts';
import { PROXY_ATTRIBUTE, type Field } from './fields.ts';

/** What the partner replaces with their backend proxy's URL (the example URL of README.md and docs/). */
export const PROXY_URL_PLACEHOLDER = 'https://your-site.example/bridge';
/** Where the script-tag build is served from: a CDN that serves the npm package, or the partner's own copy of dist/script/. */
export const SCRIPT_URL_PLACEHOLDER = `https://your-cdn.example/bridge-widget@${pkg.version}/dist/script/bridge-widget.js`;
const PROXY_COMMENT = "your backend proxy's URL";

export type SnippetKind = 'script-tag' | 'react' | 'vue' | 'svelte' | 'npm';

export const SNIPPET_KINDS: readonly SnippetKind[] = ['script-tag', 'react', 'vue', 'svelte', 'npm'];

export const SNIPPET_LABELS: Readonly<Record<SnippetKind, string>> = {
  'script-tag': 'Script tag',
  react: 'React',
  vue: 'Vue',
  svelte: 'Svelte',
  npm: 'npm',
};

/** The file a snippet is, for the tests that type-check and mount it. */
export const SNIPPET_FILES: Readonly<Record<SnippetKind, string>> = {
  'script-tag': 'index.html',
  react: 'Bridge.tsx',
  vue: 'Bridge.vue',
  svelte: 'Bridge.svelte',
  npm: 'bridge.ts',
};

const html = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const js = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

interface Setting {
  field: Field;
  value: string;
}

function split(config: PlaygroundConfig): { attributes: Setting[]; css: Setting[] } {
  const changed = changedFields(config);
  return { attributes: changed.filter(({ field }) => field.target === 'attribute'), css: changed.filter(({ field }) => field.target === 'css') };
}

const inlineStyle = (css: Setting[]) => css.map(({ field, value }) => `${field.name}: ${value}`).join('; ');

function property(field: Field): string {
  return field.target === 'attribute' ? field.property : field.name;
}

export function scriptTagSnippet(config: PlaygroundConfig): string {
  const { attributes, css } = split(config);
  const lines = [`<script type="module" src="${SCRIPT_URL_PLACEHOLDER}"></script>`];
  if (css.length) {
    lines.push('<style>', '  bridge-widget {', ...css.map(({ field, value }) => `    ${field.name}: ${value};`), '  }', '</style>');
  }
  const attrs = [`${PROXY_ATTRIBUTE.name}="${PROXY_URL_PLACEHOLDER}"`];
  for (const { field, value } of attributes) attrs.push(field.kind === 'boolean' ? field.name : `${field.name}="${html(value)}"`);
  lines.push(`<!-- ${PROXY_ATTRIBUTE.name}: ${PROXY_COMMENT} -->`, `<bridge-widget ${attrs.join(' ')}></bridge-widget>`);
  return `${lines.join('\n')}\n`;
}

export function reactSnippet(config: PlaygroundConfig): string {
  const { attributes, css } = split(config);
  const props = [`${PROXY_ATTRIBUTE.property}="${PROXY_URL_PLACEHOLDER}" // ${PROXY_COMMENT}`];
  for (const { field, value } of attributes) {
    const name = property(field);
    if (field.kind === 'boolean') props.push(name);
    else if (field.kind === 'number') props.push(`${name}={${Number(value)}}`);
    else props.push(/^[^"{}<>&]*$/.test(value) ? `${name}="${value}"` : `${name}={${js(value)}}`);
  }
  if (css.length) props.push(`style={{ ${css.map(({ field, value }) => `${js(field.name)}: ${js(value)}`).join(', ')} } as CSSProperties}`);
  return [
    "import 'bridge-widget';",
    "import type {} from 'bridge-widget/react'; // types <bridge-widget> in JSX",
    ...(css.length ? ["import type { CSSProperties } from 'react';"] : []),
    '',
    'export function Bridge() {',
    '  return (',
    '    <bridge-widget',
    ...props.map((prop) => `      ${prop}`),
    '    />',
    '  );',
    '}',
    '',
  ].join('\n');
}

export function vueSnippet(config: PlaygroundConfig): string {
  const { attributes, css } = split(config);
  const attrs: string[] = [];
  const consts: string[] = [];
  for (const { field, value } of attributes) {
    // Bound, so the element gets a boolean or a number; a bare attribute would reach the property as ''.
    if (field.kind === 'boolean') attrs.push(`:${field.name}="true"`);
    else if (field.kind === 'number') attrs.push(`:${field.name}="${Number(value)}"`);
    // A URL from the script, as the proxy's (below says why).
    else if (field.kind === 'url') {
      consts.push(`const ${field.property} = ${js(value)};`);
      attrs.push(`:${field.name}="${field.property}"`);
    } else attrs.push(`${field.name}="${html(value)}"`);
  }
  if (css.length) attrs.push(`style="${html(inlineStyle(css))}"`);
  // Bound from the script, not written in the template: vue-tsc 3.3 stops checking an element's other
  // attributes when one's text holds `//`, as a URL's does (a wrong slippage then passes unreported).
  attrs.unshift(`:${PROXY_ATTRIBUTE.name}="proxyUrl"`);
  return [
    '<script setup lang="ts">',
    "import 'bridge-widget';",
    "import type {} from 'bridge-widget/vue'; // types <bridge-widget> in templates (vue-tsc / Volar)",
    "// vite.config: vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === 'bridge-widget' } } })",
    '',
    `const proxyUrl = ${js(PROXY_URL_PLACEHOLDER)}; // ${PROXY_COMMENT}`,
    ...consts,
    '</script>',
    '',
    '<template>',
    '  <bridge-widget',
    ...attrs.map((attr) => `    ${attr}`),
    '  />',
    '</template>',
    '',
  ].join('\n');
}

export function svelteSnippet(config: PlaygroundConfig): string {
  const { attributes, css } = split(config);
  const attrs = [`${PROXY_ATTRIBUTE.name}="${PROXY_URL_PLACEHOLDER}"`];
  for (const { field, value } of attributes) {
    if (field.kind === 'boolean') attrs.push(field.name);
    else if (field.kind === 'number') attrs.push(`${field.name}={${Number(value)}}`);
    else attrs.push(/^[^"{}<>&]*$/.test(value) ? `${field.name}="${value}"` : `${field.name}={${js(value)}}`);
  }
  if (css.length) attrs.push(`style="${html(inlineStyle(css))}"`);
  return [
    '<script lang="ts">',
    "  import 'bridge-widget';",
    "  // src/app.d.ts: import type {} from 'bridge-widget/svelte'; types <bridge-widget> in templates",
    '</script>',
    '',
    `<!-- ${PROXY_ATTRIBUTE.name}: ${PROXY_COMMENT} -->`,
    '<bridge-widget',
    ...attrs.map((attr) => `  ${attr}`),
    '></bridge-widget>',
    '',
  ].join('\n');
}

export function npmSnippet(config: PlaygroundConfig): string {
  const { attributes, css } = split(config);
  const lines = [
    "import 'bridge-widget';",
    '',
    "const widget = document.createElement('bridge-widget');",
    `widget.${PROXY_ATTRIBUTE.property} = ${js(PROXY_URL_PLACEHOLDER)}; // ${PROXY_COMMENT}`,
  ];
  for (const { field, value } of attributes) {
    const written = field.kind === 'boolean' ? 'true' : field.kind === 'number' ? String(Number(value)) : js(value);
    lines.push(`widget.${property(field)} = ${written};`);
  }
  for (const { field, value } of css) lines.push(`widget.style.setProperty(${js(field.name)}, ${js(value)});`);
  lines.push('document.body.append(widget); // or into any element of your page', '');
  return lines.join('\n');
}

export function snippet(kind: SnippetKind, config: PlaygroundConfig): string {
  switch (kind) {
    case 'script-tag':
      return scriptTagSnippet(config);
    case 'react':
      return reactSnippet(config);
    case 'vue':
      return vueSnippet(config);
    case 'svelte':
      return svelteSnippet(config);
    case 'npm':
      return npmSnippet(config);
  }
}
