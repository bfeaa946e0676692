/**
 * The lint gate: the whole repository type-checks under tsconfig.json (strict,
 * with unused locals and parameters reported), and the widget's sources pass
 * ESLint with the Lit and web-components plugins (eslint.config.js). The
 * plugins are shown to be on: a template and an element that break their
 * rules are reported by name.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from './helpers/build.js';

/** Runs a Node tool of node_modules; resolves with its exit code and output, whatever the code. */
function tool(bin: string, args: string[], input?: string): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules', bin), ...args], { cwd: ROOT });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
    child.stdin.end(input ?? '');
  });
}

describe('lint gate', { timeout: 300_000 }, () => {
  it('the repository type-checks (tsc -p tsconfig.json: strict, no unused locals or parameters)', async () => {
    const { code, output } = await tool('typescript/bin/tsc', ['-p', 'tsconfig.json', '--noEmit']);
    assert.equal(code, 0, output);
  });

  it('src/ passes ESLint with the Lit and web-components rules', async () => {
    const { code, output } = await tool('eslint/bin/eslint.js', ['src', '--max-warnings', '0']);
    assert.equal(code, 0, output);
  });

  it('the Lit and web-components rules are on: a broken template and a constructor touching attributes are reported', async () => {
    const source = `import { LitElement, html } from 'lit';
export class Broken extends LitElement {
  constructor() {
    super();
    this.setAttribute('role', 'button');
  }
  override render() {
    return html\`<div .value="\${1}" .value="\${2}"></div>\`;
  }
}
`;
    const { code, output } = await tool('eslint/bin/eslint.js', ['--stdin', '--stdin-filename', 'src/broken.ts', '--format', 'json'], source);
    assert.equal(code, 1, output);
    const rules = (JSON.parse(output) as { messages: { ruleId: string }[] }[]).flatMap((file) => file.messages.map((m) => m.ruleId));
    assert.ok(rules.includes('lit/no-duplicate-template-bindings'), `the Lit plugin reports: ${rules.join(', ')}`);
    assert.ok(rules.includes('wc/no-constructor-attributes'), `the web-components plugin reports: ${rules.join(', ')}`);
  });
});
