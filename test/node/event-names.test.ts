/**
 * One convention for the events of the widget (docs/architecture.md, "Where
 * to put a new …"): the element's public events are `bridge-<name>`, the
 * classes of src/events/; everything a part or the element sends besides is
 * an internal event named `bw-<name>`, a class over `PartEvent` with its
 * `type` as a literal, declared in `HTMLElementEventMap` and exported from
 * `bridge-widget/elements` for hosts that compose the parts. Read from the
 * sources of src/components/ and src/bridge-widget/, so a new event with
 * another name, or dispatched without a class, fails here with its file.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import * as publicEvents from '../../src/events/index.ts';
import { BridgeEvent } from '../../src/events/index.ts';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : name.endsWith('.ts') ? [full] : [];
  });
}

/** The files of the parts and of the element, each with its path under src/ and its text. */
const files = ['components', 'bridge-widget']
  .flatMap((dir) => sources(path.join(SRC, dir)))
  .map((full) => ({ file: path.relative(SRC, full), text: readFileSync(full, 'utf8') }));

/** The public events: every class src/events/index.ts exports over `BridgeEvent`, by its `type`. */
const PUBLIC = new Set(
  Object.values(publicEvents)
    .filter((value): value is typeof BridgeEvent => typeof value === 'function' && value.prototype instanceof BridgeEvent)
    .map((event) => event.type),
);

/** Every internal event class: `class X extends PartEvent… { static override readonly type = 'name'; }`, with its file. */
const partEvents = files.flatMap(({ file, text }) =>
  [...text.matchAll(/class (\w+) extends PartEvent\b[^{]*\{\s*static override readonly type = '([^']+)';/g)].map(([, name, type]) => ({
    file,
    name: name!,
    type: type!,
  })),
);

/** Event classes over `Event` or `CustomEvent` directly (the language request carries a callback): their `super('name', …)`. */
const otherEvents = files.flatMap(({ file, text }) =>
  [...text.matchAll(/class (\w+) extends (?:Custom)?Event\b[^{]*\{[^]*?super\('([^']+)'/g)].map(([, name, type]) => ({ file, name: name!, type: type! })),
);

/** The keys of every `interface HTMLElementEventMap` of the parts. */
const declared = files.flatMap(({ file, text }) =>
  [...text.matchAll(/interface HTMLElementEventMap \{([^}]*)\}/g)].flatMap(([, body]) =>
    [...body!.matchAll(/'([^']+)':/g)].map(([, type]) => ({ file, type: type! })),
  ),
);

describe('event names', () => {
  it('the public events are read from src/events/, each named bridge-<name>', () => {
    assert.ok(PUBLIC.size >= 11, `only ${PUBLIC.size} public events found in src/events/index.ts`);
    for (const type of PUBLIC) assert.match(type, /^bridge-[a-z]+(-[a-z]+)*$/);
  });

  it('the parts and the element dispatch no event built in place: each is a class (CustomEvent or Event with a name)', () => {
    const inPlace = files.flatMap(({ file, text }) => [...text.matchAll(/new (?:Custom)?Event(?:<[^>]*>)?\(/g)].map(() => file));
    assert.deepEqual(inPlace, [], 'use the event class (src/components/shared/part-event.ts) instead');
  });

  it('every internal event class is named bw-<name>, and no two share a name', () => {
    const all = [...partEvents, ...otherEvents];
    assert.ok(partEvents.length >= 20, `only ${partEvents.length} PartEvent classes found`);
    for (const { file, name, type } of all) {
      assert.ok(!PUBLIC.has(type), `${file}: ${name} takes the public name ${type}`);
      assert.match(type, /^bw-[a-z]+(-[a-z]+)*$/, `${file}: ${name} is '${type}', not bw-<name>`);
    }
    const types = all.map((e) => e.type);
    assert.deepEqual(
      types.filter((t, i) => types.indexOf(t) !== i),
      [],
      'two classes share a name',
    );
  });

  it('every internal event is declared in HTMLElementEventMap (typed listeners), and nothing else is', () => {
    const classes = new Set([...partEvents, ...otherEvents].map((e) => e.type));
    for (const { file, type } of declared)
      assert.ok(classes.has(type), `${file}: '${type}' is declared in HTMLElementEventMap, but no event class has that name`);
    const keys = new Set(declared.map((d) => d.type));
    for (const type of classes) assert.ok(keys.has(type), `'${type}' is not declared in HTMLElementEventMap`);
  });

  it('the element listens only to bw- events of the parts (a hyphenated name is a custom event; the DOM has none)', () => {
    const classes = new Set([...partEvents, ...otherEvents].map((e) => e.type));
    for (const { file, text } of files.filter((f) => f.file.startsWith('bridge-widget/'))) {
      const names = [...text.matchAll(/@([a-z]+(?:-[a-z]+)+)=\$\{/g), ...text.matchAll(/addEventListener\('([a-z]+(?:-[a-z]+)+)'/g)].map(([, name]) => name!);
      for (const name of names) assert.ok(classes.has(name), `${file} listens to '${name}', which no part's event class names`);
    }
  });

  it('every internal event class is exported from bridge-widget/elements, for hosts that compose the parts', () => {
    const elements = readFileSync(path.join(SRC, 'elements.ts'), 'utf8');
    for (const { file, name } of partEvents) assert.match(elements, new RegExp(`\\b${name}\\b`), `${file}: ${name} is not exported from src/elements.ts`);
  });
});
