/**
 * The playground's snippets type-check in each framework, as the docs' do (test/fixtures/snippets)
 * (test/node/package-install.test.ts): a configuration that sets every field
 * the playground offers is written by demo/playground/snippets.ts and checked
 * with tsc (React, npm), vue-tsc with strictTemplates (Vue) and svelte-check
 * (Svelte) against the widget's typings (bridge-widget/react, /vue, /svelte,
 * resolved to src/ as in test/types/). A copy of each with a wrong value
 * (a string for the number `slippage`) must be reported by the same checker.
 */
import assert from 'node:assert/strict';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { EMPTY_CONFIG, withField, type PlaygroundConfig } from '../../demo/playground/config.ts';
import { FIELDS } from '../../demo/playground/fields.ts';
import { SNIPPET_FILES, snippet, type SnippetKind } from '../../demo/playground/snippets.ts';
import { ROOT, run } from './helpers/build.ts';
import { APP_COMPILER_OPTIONS } from './helpers/app-tsconfig.ts';

const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
const vueTsc = path.join(ROOT, 'node_modules/vue-tsc/bin/vue-tsc.js');
const svelteCheck = path.join(ROOT, 'node_modules/svelte-check/bin/svelte-check');
// Under tmp/ (git-ignored): svelte-check skips every file below a node_modules folder.
const scratch = path.join(ROOT, 'tmp', `playground-snippets-${process.pid}`);

const TSCONFIG = {
  ...APP_COMPILER_OPTIONS,
  // The snippets import the source (paths below), which has Lit's decorators and .ts imports.
  experimentalDecorators: true,
  useDefineForClassFields: false,
  allowImportingTsExtensions: true,
  paths: {
    'bridge-widget': [path.join(ROOT, 'src/index.ts')],
    'bridge-widget/react': [path.join(ROOT, 'src/types/react.ts')],
    'bridge-widget/vue': [path.join(ROOT, 'src/types/vue.ts')],
    'bridge-widget/svelte': [path.join(ROOT, 'src/types/svelte.ts')],
  },
};

/** A value for every field: the first choice that is not the default, a number, a list, a CSS value. */
const SAMPLES: Record<string, string> = {
  'from-chain': '11155111',
  'from-token': 'USDC',
  'to-chain': '84532',
  'to-token': '0x1111111111111111111111111111111111111111',
  amount: '25.5',
  'to-address': '0x2222222222222222222222222222222222222222',
  'allow-from-chains': '11155111,84532',
  'deny-from-chains': '1',
  'allow-to-chains': '84532',
  'deny-to-chains': '10',
  'allow-from-tokens': 'USDC,ETH',
  'deny-from-tokens': 'DAI',
  'allow-to-tokens': 'USDC',
  'deny-to-tokens': 'WETH',
  locale: 'fa',
  slippage: '0.5',
  'value-loss-threshold': '2.5',
  'wallet-timeout': '120',
  'preview-address': 'off',
  'walletconnect-project-id': 'a1b2c3d4e5f6',
  'walletconnect-relay-url': 'wss://relay.example',
  '--bridge-color-accent': '#e6007a',
  '--bridge-color-accent-text': 'white',
  '--bridge-radius': '4px',
  '--bridge-radius-small': '2px',
  '--bridge-font': "'Inter', system-ui, sans-serif",
  '--bridge-font-size': '16px',
  '--bridge-max-width': '100%',
};

function everything(): PlaygroundConfig {
  let config = EMPTY_CONFIG;
  for (const field of FIELDS) {
    const value =
      field.kind === 'boolean'
        ? 'true'
        : field.target === 'attribute' && field.kind === 'choice' && field.name !== 'locale'
          ? field.choices!.find((choice) => choice !== field.defaultValue)!
          : SAMPLES[field.name]!;
    config = withField(config, field.name, value);
    assert.ok(config[field.name] !== undefined, `${field.name} takes ${value}`);
  }
  return config;
}

const WRONG: Record<Exclude<SnippetKind, 'script-tag'>, [string, string]> = {
  react: ['slippage={0.5}', 'slippage="lots"'],
  vue: [':slippage="0.5"', `:slippage="'lots'"`],
  svelte: ['slippage={0.5}', 'slippage="lots"'],
  npm: ['widget.slippage = 0.5;', "widget.slippage = 'lots';"],
};

/** Writes the snippet and its copy with the mistake into `folder`; returns the copy's file name. */
function stage(folder: string, kind: Exclude<SnippetKind, 'script-tag'>, config: PlaygroundConfig): string {
  mkdirSync(folder, { recursive: true });
  const file = SNIPPET_FILES[kind];
  const code = snippet(kind, config);
  const [right, wrong] = WRONG[kind];
  assert.ok(code.includes(right), `${kind} writes ${right}`);
  const mistake = file.replace(/(\.\w+)$/, '.mistake$1');
  writeFileSync(path.join(folder, file), code);
  writeFileSync(path.join(folder, mistake), code.replace(right, wrong));
  return mistake;
}

async function expectFailure(command: string, args: string[], cwd: string): Promise<string> {
  try {
    const output = await run(process.execPath, [command, ...args], { cwd });
    return assert.fail(`expected the checker to report the mistake:\n${output}`);
  } catch (error) {
    if (error instanceof assert.AssertionError) throw error;
    return (error as Error).message;
  }
}

function errorsOutside(output: string, pattern: RegExp, mistake: string): { inMistake: string[]; elsewhere: string[] } {
  const lines = output.split('\n').filter((line) => pattern.test(line));
  return { inMistake: lines.filter((line) => line.includes(mistake)), elsewhere: lines.filter((line) => !line.includes(mistake)) };
}

let config: PlaygroundConfig;

before(() => {
  config = everything();
  mkdirSync(scratch, { recursive: true });
});

after(() => rmSync(scratch, { recursive: true, force: true }));

describe('playground snippets type-check', { timeout: 300_000 }, () => {
  it('React (tsc) and the npm import (tsc) with every field set; a string slippage is reported in each', async () => {
    const folder = path.join(scratch, 'tsc');
    const reactMistake = stage(folder, 'react', config);
    const npmMistake = stage(folder, 'npm', config);
    writeFileSync(
      path.join(folder, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { ...TSCONFIG, jsx: 'react-jsx' }, files: [SNIPPET_FILES.react, reactMistake, SNIPPET_FILES.npm, npmMistake] }),
    );
    const output = await expectFailure(tsc, ['-p', 'tsconfig.json'], folder);
    const react = errorsOutside(output, /error TS\d+/, reactMistake);
    const npm = errorsOutside(output, /error TS\d+/, npmMistake);
    assert.ok(react.inMistake.length > 0 && npm.inMistake.length > 0, output);
    assert.deepEqual(
      react.elsewhere.filter((line) => !line.includes(npmMistake)),
      [],
      'only the copies with the mistake have errors',
    );
  });

  it('Vue (vue-tsc, strictTemplates) with every field set; a string slippage is reported', async () => {
    const folder = path.join(scratch, 'vue');
    const mistake = stage(folder, 'vue', config);
    writeFileSync(
      path.join(folder, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: TSCONFIG, files: [SNIPPET_FILES.vue, mistake], vueCompilerOptions: { strictTemplates: true } }),
    );
    const output = await expectFailure(vueTsc, ['--noEmit', '-p', 'tsconfig.json'], folder);
    const errors = errorsOutside(output, /error TS\d+/, mistake);
    assert.ok(errors.inMistake.length > 0, output);
    assert.deepEqual(errors.elsewhere, [], 'only the copy with the mistake has errors');
  });

  it('Svelte (svelte-check) with every field set; a string slippage is reported', async () => {
    const folder = path.join(scratch, 'svelte');
    const mistake = stage(folder, 'svelte', config);
    // The typings, loaded once as the snippet's comment says (src/app.d.ts).
    writeFileSync(path.join(folder, 'app.d.ts'), "import type {} from 'bridge-widget/svelte';\n");
    // An empty Svelte config, or svelte-check looks upwards and reads the repository's vite.config.ts.
    writeFileSync(path.join(folder, 'svelte.config.js'), 'export default {};\n');
    writeFileSync(
      path.join(folder, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { ...TSCONFIG, verbatimModuleSyntax: true }, include: ['*.svelte', '*.ts'] }),
    );
    const output = await expectFailure(svelteCheck, ['--workspace', folder, '--tsconfig', 'tsconfig.json', '--output', 'machine'], folder);
    const errors = errorsOutside(output, /^\d+ ERROR /, mistake);
    assert.ok(errors.inMistake.length > 0, output);
    assert.deepEqual(errors.elsewhere, [], 'only the copy with the mistake has errors');
  });
});
