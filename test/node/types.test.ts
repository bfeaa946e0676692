/**
 * Framework typings shipped with the package: `bridge-widget/react` (JSX),
 * `bridge-widget/vue` and `bridge-widget/svelte` (templates). The fixtures in
 * test/types/ use the element correctly, and mark wrong usage with
 * `@ts-expect-error` /
 * `@vue-expect-error`, so both a missing typing and a too-loose one fail.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ROOT, run } from './helpers/build.js';

async function typecheck(bin: string, project: string): Promise<void> {
  await run(process.execPath, [path.join(ROOT, bin), '--noEmit', '-p', path.join(ROOT, project)]).catch((error: Error) => {
    assert.fail(error.message);
  });
}

describe('framework typings', { timeout: 120_000 }, () => {
  it('React 19 JSX (test/types/react.tsx), the Vue component type (test/types/vue.ts) and the Svelte element props (test/types/svelte.ts) type-check with tsc', async () => {
    await typecheck('node_modules/typescript/bin/tsc', 'test/types/tsconfig.json');
  });

  it('a Vue SFC template (test/types/Widget.vue) type-checks with vue-tsc', async () => {
    await typecheck('node_modules/vue-tsc/bin/vue-tsc.js', 'test/types/tsconfig.vue.json');
  });

  it('the attribute names in the typings match custom-elements.json', () => {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, 'custom-elements.json'), 'utf8')) as {
      modules: { declarations?: { tagName?: string; attributes?: { name: string; fieldName?: string }[] }[] }[];
    };
    const widget = manifest.modules.flatMap((m) => m.declarations ?? []).find((d) => d.tagName === 'bridge-widget');
    const expected = Object.fromEntries((widget?.attributes ?? []).filter((a) => a.name !== a.fieldName).map((a) => [a.name, a.fieldName]));
    const source = readFileSync(path.join(ROOT, 'src/types/props.ts'), 'utf8');
    const block = /export interface BridgeWidgetAttributeNames \{([\s\S]*?)\}/.exec(source)?.[1] ?? '';
    const typed = Object.fromEntries([...block.matchAll(/'([a-z-]+)':\s*'(\w+)'/g)].map((m) => [m[1], m[2]]));
    assert.ok(Object.keys(expected).length > 10);
    assert.deepEqual(typed, expected, 'src/types/props.ts BridgeWidgetAttributeNames is out of step with the element’s attributes');
  });
});
