/**
 * The repository's documentation: README.md (the guide) and docs/*.md (the
 * reference). Every script and test that reads or writes the docs (the
 * generated API tables and snippets, the links check, the Guarantees table)
 * goes through here, so moving a section from one file to another moves
 * nothing else.
 */
import { readdirSync, readFileSync } from 'node:fs';

const ROOT = new URL('..', import.meta.url);

/** README.md, then docs/*.md in name order, as paths relative to the repository. */
export function docFiles(root = ROOT) {
  const docs = readdirSync(new URL('docs/', root))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs];
}

/** Each doc file with its text: `{ file, text }`. */
export function readDocs(root = ROOT) {
  return docFiles(root).map((file) => ({ file, text: readFileSync(new URL(file, root), 'utf8') }));
}

/** The one doc file whose text contains `needle` (a marker, a heading); throws when none or several do. */
export function docWith(needle, root = ROOT) {
  const found = readDocs(root).filter((doc) => doc.text.includes(needle));
  if (found.length !== 1) throw new Error(`${found.length} doc files contain ${JSON.stringify(needle)}: ${found.map((doc) => doc.file).join(', ') || 'none'}`);
  return found[0];
}

/**
 * The rows of the "Guarantees" table (docs/security.md), in order, each
 * `{ promise, shownBy }`: row numbers in scripts/guarantee-mutants.mjs count
 * from 1 in this order.
 */
export function guaranteeRows(root = ROOT) {
  const { text } = docWith('\n## Guarantees\n', root);
  const section = text.slice(text.indexOf('\n## Guarantees\n'));
  const table = section.slice(section.indexOf('| Promise | Shown by |'));
  const rows = [];
  for (const line of table.split('\n').slice(2)) {
    if (!line.startsWith('|')) break;
    const cells = line
      .split(/(?<!\\)\|/)
      .slice(1, -1)
      .map((cell) => cell.trim());
    rows.push({ promise: cells[0] ?? '', shownBy: cells[1] ?? '' });
  }
  return rows;
}
