/**
 * custom-elements.json (package.json `customElements`): committed, generated
 * from the source by `npm run manifest` (custom-elements-manifest.config.mjs),
 * and complete for <bridge-widget>: every attribute, property, event, CSS part
 * and custom property is there with a description.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { analyzeManifest, removeDir, ROOT, scratchDir } from './helpers/build.js';

interface Described {
  name: string;
  description?: string;
}
interface Member extends Described {
  kind: 'field' | 'method';
  privacy?: 'public' | 'private' | 'protected';
  static?: boolean;
  readonly?: boolean;
}
interface Declaration extends Described {
  kind: string;
  tagName?: string;
  customElement?: boolean;
  attributes?: (Described & { fieldName?: string })[];
  members?: Member[];
  events?: Described[];
  cssParts?: Described[];
  cssProperties?: Described[];
}
interface Manifest {
  modules: { path: string; declarations?: Declaration[]; exports?: { kind: string; name: string }[] }[];
}

const committedPath = path.join(ROOT, 'custom-elements.json');
let scratch: string;
let fresh: Manifest;
let committed: Manifest;

function read(file: string): Manifest {
  return JSON.parse(readFileSync(file, 'utf8')) as Manifest;
}

function elements(manifest: Manifest): Declaration[] {
  return manifest.modules.flatMap((m) => m.declarations ?? []).filter((d) => d.customElement && d.tagName);
}

function element(manifest: Manifest, tag: string): Declaration {
  const found = elements(manifest).find((d) => d.tagName === tag);
  assert.ok(found, `<${tag}> is in the manifest`);
  return found;
}

const undocumented = (items: Described[] | undefined) => (items ?? []).filter((item) => !item.description?.trim()).map((item) => item.name);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? sourceFiles(file) : file.endsWith('.ts') ? [file] : [];
  });
}

before(async () => {
  scratch = scratchDir('manifest');
  await analyzeManifest(scratch);
  fresh = read(path.join(scratch, 'custom-elements.json'));
  committed = read(committedPath);
});

after(() => removeDir(scratch));

describe('custom-elements.json', () => {
  it('is what `npm run manifest` generates from the current source', () => {
    assert.deepEqual(committed.modules, fresh.modules, 'custom-elements.json is stale: run `npm run manifest` and commit the result');
  });

  it('names every registered element by its tag (from the ELEMENTS tables: src/define.ts and the later moments)', () => {
    // The moments that register parts (the form's are in src/define.ts; a moment of links registers none).
    const registering = [
      'src/define.ts',
      ...readdirSync(path.join(ROOT, 'src/bridge-widget/moments'))
        .map((f) => `src/bridge-widget/moments/${f}`)
        .filter((file) => readFileSync(path.join(ROOT, file), 'utf8').includes('export const ELEMENTS')),
    ];
    const tagsOf = (file: string) => {
      const block = /export const ELEMENTS = \{([\s\S]*?)\}/.exec(readFileSync(path.join(ROOT, file), 'utf8'))?.[1] ?? '';
      return [...block.matchAll(/'([a-z][a-z0-9]*-[a-z0-9-]+)'\s*:/g)].map((m) => m[1]!);
    };
    // A part two later moments show (the QR code: the deposit address's and WalletConnect's) is in both their tables, since either may load first.
    const tags = [...new Set(registering.flatMap(tagsOf))];
    assert.ok(tags.includes('bridge-widget') && tags.includes('bw-status-tracker'), `tags read from the ELEMENTS tables: ${tags.join(', ')}`);
    assert.deepEqual(
      elements(fresh)
        .map((d) => d.tagName)
        .sort(),
      [...tags].sort(),
    );
    // Each tag is defined once, by a module whose table names it (the analyser keeps one of two tables naming the QR code).
    const definers = (tag: string) =>
      registering.filter((file) => fresh.modules.find((m) => m.path === file)?.exports?.some((e) => e.kind === 'custom-element-definition' && e.name === tag));
    for (const tag of tags) {
      const [definer, ...more] = definers(tag);
      assert.deepEqual(more, [], `${tag} is defined once`);
      assert.ok(definer && tagsOf(definer).includes(tag), `${tag} is defined by a module whose ELEMENTS table names it (${definer})`);
    }
  });

  it('describes every public attribute, property and event of every element, the parts included', () => {
    const missing: string[] = [];
    for (const d of elements(fresh)) {
      for (const m of d.members ?? []) {
        if (m.kind === 'field' && !m.static && m.privacy !== 'private' && m.privacy !== 'protected' && !m.description) missing.push(`${d.tagName}.${m.name}`);
      }
      for (const a of d.attributes ?? []) if (!a.description) missing.push(`${d.tagName}[${a.name}]`);
      for (const e of d.events ?? []) if (!e.description) missing.push(`${d.tagName} @${e.name}`);
    }
    assert.deepEqual(missing, [], 'add a JSDoc description to each');
  });

  it('documents every attribute and public property of <bridge-widget>', () => {
    const widget = element(fresh, 'bridge-widget');
    assert.ok((widget.attributes ?? []).length >= 15, 'the attributes are there');
    assert.deepEqual(undocumented(widget.attributes), [], 'attributes without a description');
    const fields = (widget.members ?? []).filter((m) => m.kind === 'field' && !m.static && (m.privacy ?? 'public') === 'public');
    for (const name of ['proxyUrl', 'provider', 'metadata', 'postHook', 'theme', 'slippage'])
      assert.ok(
        fields.some((f) => f.name === name),
        `property ${name}`,
      );
    assert.deepEqual(undocumented(fields), [], 'public properties without a description');
    for (const attribute of widget.attributes ?? []) assert.ok(attribute.fieldName, `attribute ${attribute.name} names its property`);
  });

  it('documents every public event of <bridge-widget> (BridgeWidgetEventMap), and no phantom ones', () => {
    const eventMap = readFileSync(path.join(ROOT, 'src/bridge-widget/events.ts'), 'utf8');
    const declared = [...eventMap.matchAll(/'(bridge-[a-z-]+)':\s*CustomEvent</g)].map((m) => m[1]!);
    assert.ok(declared.length >= 8, `events read from events.ts: ${declared.join(', ')}`);
    const widget = element(fresh, 'bridge-widget');
    assert.deepEqual((widget.events ?? []).map((e) => e.name).sort(), [...declared].sort());
    assert.deepEqual(undocumented(widget.events), [], 'events without a description');
    const untyped = (widget.events ?? []).filter((e) => !(e as { type?: { text?: string } }).type?.text?.startsWith('CustomEvent<')).map((e) => e.name);
    assert.deepEqual(untyped, [], 'events without a `@fires {CustomEvent<Detail>} name` type');
    for (const part of elements(fresh)) assert.deepEqual(undocumented(part.events), [], `<${part.tagName}>: events without a description`);
  });

  it('documents every CSS part in <bridge-widget>’s template, exported parts included', () => {
    // The element's template, its form's (the first moment) and the notices both show.
    const source = ['bridge-widget.ts', 'moments/form.ts', 'notices.ts']
      .map((file) => readFileSync(path.join(ROOT, 'src/bridge-widget', file), 'utf8'))
      .join('\n');
    const used = new Set([...source.matchAll(/\bpart="([^"$]+)"/g)].flatMap((m) => m[1]!.trim().split(/\s+/)));
    // Parts of the inner elements re-exported under the widget's names: `exportparts="inner: outer, name"`,
    // written literally or through a string constant.
    const constants = new Map([...source.matchAll(/const\s+(\w+)\s*=\s*'([^']*)'/g)].map((m) => [m[1]!, m[2]!]));
    for (const match of source.matchAll(/\bexportparts=(?:"([^"$]*)"|\$\{(\w+)\})/g)) {
      const list = match[1] ?? constants.get(match[2]!) ?? '';
      for (const entry of list.split(',')) {
        const outer = entry.split(':').pop()!.trim();
        if (outer) used.add(outer);
      }
    }
    const widget = element(fresh, 'bridge-widget');
    const documented = new Set((widget.cssParts ?? []).map((p) => p.name));
    assert.deepEqual([...used].filter((name) => !documented.has(name)).sort(), [], 'parts used in the template but missing a @csspart line');
    assert.deepEqual(undocumented(widget.cssParts), [], 'parts without a description');
  });

  it('documents on <bridge-widget> every --bridge-* custom property the styles read', () => {
    const used = new Set(
      sourceFiles(path.join(ROOT, 'src')).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/var\(\s*(--bridge-[a-z0-9-]+)/g)].map((m) => m[1]!)),
    );
    const widget = element(fresh, 'bridge-widget');
    const documented = new Set((widget.cssProperties ?? []).map((p) => p.name));
    assert.deepEqual(
      [...used].filter((name) => !documented.has(name)).sort(),
      [],
      'custom properties read by the styles but missing a @cssprop line on <bridge-widget>',
    );
    assert.deepEqual(undocumented(widget.cssProperties), [], 'custom properties without a description');
  });
});
