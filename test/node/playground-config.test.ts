/**
 * The playground's configuration rules (demo/playground/config.ts,
 * snippets.ts): what a control or a shared address may set, what the widget
 * is given, and what each snippet writes. The browser test
 * (test/node/playground.test.ts) checks the same through the page.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EMPTY_CONFIG, attributesOf, cssPropertiesOf, fromQuery, toQuery, withField, type PlaygroundConfig } from '../../demo/playground/config.ts';
import { ATTRIBUTE_FIELDS, LOCALES, RTL_LOCALES } from '../../demo/playground/fields.ts';
import { PROXY_URL_PLACEHOLDER, SCRIPT_URL_PLACEHOLDER, SNIPPET_KINDS, snippet, type SnippetKind } from '../../demo/playground/snippets.ts';
import { readFileSync } from 'node:fs';

interface Manifest {
  modules: { declarations?: { tagName?: string; attributes?: { name: string }[] }[] }[];
}
const manifest = JSON.parse(readFileSync(new URL('../../custom-elements.json', import.meta.url), 'utf8')) as Manifest;

function configOf(entries: Record<string, string>): PlaygroundConfig {
  return Object.entries(entries).reduce((config, [name, value]) => withField(config, name, value), EMPTY_CONFIG);
}

const RICH = configOf({
  'from-chain': '11155111',
  'to-chain': '84532',
  'from-token': 'USDC',
  'to-token': 'USDC',
  amount: '25.5',
  'lock-presets': 'true',
  'allow-to-chains': '84532, 11155111,84532',
  theme: 'dark',
  locale: 'ar',
  slippage: '0.5',
  'value-loss-threshold': '2',
  batch: 'off',
  'require-simulation': 'true',
  'wallet-discovery': 'off',
  '--bridge-color-accent': '#e6007a',
  '--bridge-radius': '4px',
  '--bridge-font': "'Inter', sans-serif",
});

describe('playground configuration', () => {
  it('offers every public attribute of the manifest but proxy-url, which the snippets leave as a placeholder', () => {
    const declaration = manifest.modules.flatMap((module) => module.declarations ?? []).find((d) => 'tagName' in d && d.tagName === 'bridge-widget') as
      { attributes: { name: string }[] } | undefined;
    assert.ok(declaration, 'the manifest declares <bridge-widget>');
    const published = declaration.attributes
      .map((a) => a.name)
      .filter((name) => name !== 'proxy-url')
      .sort();
    assert.deepEqual(ATTRIBUTE_FIELDS.map((field) => field.name).sort(), published);
  });

  it('offers all 19 languages, the three right-to-left ones among them', () => {
    assert.equal(LOCALES.length, 19);
    for (const code of RTL_LOCALES) assert.ok(LOCALES.includes(code), code);
  });

  it('keeps only what differs from the defaults, and drops what a field cannot take', () => {
    let config = configOf({ slippage: '1', theme: 'auto', batch: 'on', 'wallet-timeout': '300', 'lock-presets': '' });
    assert.deepEqual(config, {});
    config = withField(config, 'slippage', '0.5');
    assert.deepEqual(config, { slippage: '0.5' });
    assert.equal(withField(config, 'slippage', 'lots'), config, 'an invalid value leaves the config as it was');
    assert.equal(withField(config, 'theme', 'purple'), config);
    assert.equal(withField(config, 'locale', 'xx'), config);
    assert.equal(withField(config, '--bridge-font', 'x; } body { display: none'), config, 'no CSS injection through a value');
    assert.equal(withField(config, 'to-token', '"><script>'), config, 'no markup through a value');
    assert.equal(withField(config, 'provider', 'x'), config, 'not a field');
    assert.deepEqual(withField(config, 'slippage', '1'), {}, 'back to the default removes it');
  });

  it('gives the widget the attributes and custom properties set, in order, a boolean as a bare attribute', () => {
    assert.deepEqual(attributesOf(RICH), [
      ['from-chain', '11155111'],
      ['from-token', 'USDC'],
      ['to-chain', '84532'],
      ['to-token', 'USDC'],
      ['amount', '25.5'],
      ['lock-presets', ''],
      ['allow-to-chains', '84532,11155111'],
      ['theme', 'dark'],
      ['locale', 'ar'],
      ['slippage', '0.5'],
      ['value-loss-threshold', '2'],
      ['require-simulation', ''],
      ['batch', 'off'],
      ['wallet-discovery', 'off'],
    ]);
    assert.deepEqual(cssPropertiesOf(RICH), [
      ['--bridge-color-accent', '#e6007a'],
      ['--bridge-radius', '4px'],
      ['--bridge-font', "'Inter', sans-serif"],
    ]);
  });

  it('round-trips through the address, ignoring what it cannot take', () => {
    const query = toQuery(RICH);
    assert.deepEqual(fromQuery(query), RICH);
    assert.equal(toQuery(EMPTY_CONFIG), '');
    assert.deepEqual(fromQuery(`${query}&unknown=1`), RICH);
    assert.deepEqual(fromQuery('slippage=abc&amount=1e3'), {});
    assert.deepEqual(fromQuery('theme=dark&theme=neon'), { theme: 'dark' });
  });
});

describe('playground snippets', () => {
  it('write only the proxy placeholder for the defaults', () => {
    assert.equal(
      snippet('script-tag', EMPTY_CONFIG),
      `<script type="module" src="${SCRIPT_URL_PLACEHOLDER}"></script>\n<!-- proxy-url: your backend proxy's URL -->\n<bridge-widget proxy-url="${PROXY_URL_PLACEHOLDER}"></bridge-widget>\n`,
    );
    for (const kind of SNIPPET_KINDS) {
      const code = snippet(kind, EMPTY_CONFIG);
      assert.ok(code.includes(PROXY_URL_PLACEHOLDER), `${kind} names the proxy placeholder`);
      assert.doesNotMatch(code, /slippage|theme|style/, `${kind} writes no default`);
    }
  });

  it('write each setting in the way its framework sets it', () => {
    /** The snippet of `kind` for the rich config, after checking it holds each of `lines`. */
    const includesEach = (kind: Exclude<SnippetKind, 'script-tag'>, framework: string, lines: string[]) => {
      const code = snippet(kind, RICH);
      for (const line of lines) assert.ok(code.includes(line), `${framework}: ${line}`);
      return code;
    };
    const html = snippet('script-tag', RICH);
    assert.match(
      html,
      /<bridge-widget proxy-url="[^"]+" from-chain="11155111" from-token="USDC" to-chain="84532" to-token="USDC" amount="25.5" lock-presets allow-to-chains="84532,11155111" theme="dark" locale="ar" slippage="0.5" value-loss-threshold="2" require-simulation batch="off" wallet-discovery="off"><\/bridge-widget>/,
    );
    assert.match(
      html,
      /<style>\n  bridge-widget \{\n    --bridge-color-accent: #e6007a;\n    --bridge-radius: 4px;\n    --bridge-font: 'Inter', sans-serif;\n  \}\n<\/style>/,
    );

    const react = includesEach('react', 'React', [
      'fromChain="11155111"',
      'amount="25.5"',
      'lockPresets\n',
      'slippage={0.5}',
      'valueLossThreshold={2}',
      'requireSimulation\n',
      'walletDiscovery="off"',
    ]);
    assert.ok(
      react.includes(`style={{ '--bridge-color-accent': '#e6007a', '--bridge-radius': '4px', '--bridge-font': '\\'Inter\\', sans-serif' } as CSSProperties}`),
    );

    includesEach('vue', 'Vue', [
      'from-chain="11155111"',
      ':lock-presets="true"',
      ':slippage="0.5"',
      'locale="ar"',
      `style="--bridge-color-accent: #e6007a; --bridge-radius: 4px; --bridge-font: 'Inter', sans-serif"`,
    ]);

    includesEach('svelte', 'Svelte', ['  lock-presets\n', 'slippage={0.5}', 'value-loss-threshold={2}', 'theme="dark"']);

    includesEach('npm', 'npm', [
      "widget.fromChain = '11155111';",
      'widget.lockPresets = true;',
      'widget.slippage = 0.5;',
      "widget.theme = 'dark';",
      "widget.style.setProperty('--bridge-radius', '4px');",
    ]);
  });
});
