/**
 * No import circle in src/: a file never reaches itself through the static
 * imports and re-exports of src/ (`import type` counts: a type loop between
 * two folders is a loop of their design even though the build erases it; a
 * dynamic `import()` does not, it is how a chunk loads on demand). A circle
 * fails here by name, file → file → … → the first file again; the fix is to
 * put the piece both sides need in its own module.
 */
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? sources(full) : name.endsWith('.ts') ? [full] : [];
  });
}

/** The files of src/ a file imports statically (values and types, imports and re-exports), relative to src/. */
export function staticImportsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const targets: string[] = [];
  for (const statement of source.statements) {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
        ? statement.moduleSpecifier.text
        : undefined;
    if (!specifier?.startsWith('.')) continue;
    const resolved = path.resolve(path.dirname(file), specifier).replace(/\.js$/, '.ts');
    targets.push(path.relative(SRC, resolved));
  }
  return targets;
}

/** The files of src/ a file loads with `import('./…')`, relative to src/. */
export function lazyImportsOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
  const targets: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [specifier] = node.arguments;
      if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith('.'))
        targets.push(path.relative(SRC, path.resolve(path.dirname(file), specifier.text).replace(/\.js$/, '.ts')));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return targets;
}

/** Every circle of the graph, one per strongly connected part, as a path that ends where it starts. */
export function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const parts: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const part: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        part.push(member);
      } while (member !== node);
      if (part.length > 1 || graph.get(node)!.includes(node)) parts.push(part);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  // Name each part by one concrete circle through its first file (a breadth-first path back to it inside the part).
  return parts.map((part) => {
    const members = new Set(part);
    const start = [...part].sort()[0]!;
    const cameFrom = new Map<string, string>();
    const queue = [start];
    while (queue.length) {
      const node = queue.shift()!;
      for (const to of graph.get(node) ?? []) {
        if (!members.has(to)) continue;
        if (to === start) {
          const path = [start];
          for (let at: string | undefined = node; at !== start && at; at = cameFrom.get(at)) path.splice(1, 0, at);
          return [...path, start];
        }
        if (!cameFrom.has(to)) {
          cameFrom.set(to, node);
          queue.push(to);
        }
      }
    }
    return [start, start];
  });
}

it('no file of src/ imports itself back through other files (static imports and import type count, import() does not)', () => {
  const graph = new Map(sources(SRC).map((file) => [path.relative(SRC, file), staticImportsOf(file)]));
  assert.deepEqual(
    circles(graph).map((circle) => circle.join(' → ')),
    [],
  );
});

it("no two folders of src/ import each other (the events do not import the flow's types while the flow imports theirs); the entry files at the top are not a folder", () => {
  const folderOf = (file: string) => (file.includes('/') ? file.split('/')[0]! : undefined);
  const graph = new Map<string, string[]>();
  for (const file of sources(SRC)) {
    const from = folderOf(path.relative(SRC, file));
    if (!from) continue;
    const to = staticImportsOf(file)
      .map(folderOf)
      .filter((folder): folder is string => !!folder && folder !== from);
    graph.set(from, [...new Set([...(graph.get(from) ?? []), ...to])]);
  }
  assert.deepEqual(
    circles(graph).map((circle) => circle.join(' → ')),
    [],
  );
});

it('the circle finder names a circle, and ignores a chain that does not close', () => {
  const graph = new Map([
    ['a.ts', ['b.ts']],
    ['b.ts', ['c.ts']],
    ['c.ts', ['a.ts', 'd.ts']],
    ['d.ts', []],
    ['e.ts', ['d.ts']],
  ]);
  assert.deepEqual(circles(graph), [['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
});

// A part that loads its dialog with import() (the pickers: ../../src/components/shared/picker.ts) is read by that dialog
// through a contract of its own module (`TokenList`, `AssetList`, `WalletList`), never as the class that loads it.
it('inside a component folder no file reaches itself, counting import() with static imports and import type', () => {
  const components = path.join(SRC, 'components');
  const graph = new Map<string, string[]>();
  for (const file of sources(components)) {
    const from = path.relative(SRC, file);
    const folder = path.dirname(from);
    graph.set(
      from,
      [...staticImportsOf(file), ...lazyImportsOf(file)].filter((to) => path.dirname(to) === folder),
    );
  }
  assert.ok([...graph.values()].flat().includes('components/token-picker/token-picker-dialog.ts'), 'the lazy imports are read');
  assert.deepEqual(
    circles(graph).map((circle) => circle.join(' → ')),
    [],
  );
});
