/**
 * The docs hold together: README.md is a guide of at most 300 lines and
 * docs/*.md the reference (scripts/docs-files.mjs lists them). Every relative
 * link and image in them names a file that exists, every `#anchor` a heading
 * of its file (GitHub's slugs), no file carries an issue number or a commit
 * hash (the history is CHANGELOG.md's), and the architecture's "Where to put
 * a new …" table names only paths and identifiers the repository has.
 */
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { readDocs, type Doc } from '../../scripts/docs-files.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const docs = readDocs();

/** The .ts files under a folder of the repository, relative to it. */
function tsFiles(folder: string): string[] {
  return readdirSync(path.join(ROOT, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.includes('node_modules'))
    .map((file) => path.join(folder, file));
}

/** The text outside fenced code blocks (links and headings there are code, not Markdown). */
function prose(text: string): string {
  return text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

/** GitHub's heading anchor: lower case, Markdown and punctuation dropped (letters, digits, spaces, `-` and `_` kept), spaces to `-`. */
export function slug(heading: string): string {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file, a repeated heading numbered as GitHub does (`x`, `x-1`, …). */
function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const found = new Set<string>();
  for (const match of prose(text).matchAll(/^#{1,6} +(.+?) *#*$/gm)) {
    const base = slug(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    found.add(count === 0 ? base : `${base}-${count}`);
  }
  return found;
}

/** `[text](target)` and `![alt](target)` outside code, with their line. */
function links(doc: Doc): { target: string; line: number }[] {
  const text = prose(doc.text);
  const out: { target: string; line: number }[] = [];
  text.split('\n').forEach((line, i) => {
    const outsideCode = line.replace(/`[^`]*`/g, '');
    for (const match of outsideCode.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) out.push({ target: match[1]!, line: i + 1 });
  });
  return out;
}

describe('README.md and docs/*.md', () => {
  it('README is a guide of at most 300 lines', () => {
    const readme = docs.find((doc) => doc.file === 'README.md')!;
    const lines = readme.text.split('\n').length;
    assert.ok(lines <= 300, `README.md has ${lines} lines; move the reference into docs/`);
  });

  it('every relative link names a file of the repository, and every #anchor a heading of that file', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const doc of docs) {
      for (const { target, line } of links(doc)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:
        checked++;
        const [file, anchor] = target.split('#') as [string, string | undefined];
        const resolved = file === '' ? path.join(ROOT, doc.file) : path.resolve(ROOT, path.dirname(doc.file), decodeURI(file));
        const where = `${doc.file}:${line} → ${target}`;
        if (!resolved.startsWith(`${ROOT}${path.sep}`)) broken.push(`${where}: outside the repository`);
        else if (!existsSync(resolved)) broken.push(`${where}: no such file`);
        else if (anchor !== undefined) {
          if (!resolved.endsWith('.md')) broken.push(`${where}: an anchor into a file that is not Markdown`);
          else if (!anchors(readFileSync(resolved, 'utf8')).has(anchor)) broken.push(`${where}: no heading with that anchor`);
        }
      }
    }
    assert.ok(checked > 40, `${checked} relative links checked`);
    assert.deepEqual(broken, []);
  });

  it('no issue numbers or commit hashes: the docs describe what is, CHANGELOG.md keeps the history', () => {
    const found: string[] = [];
    for (const doc of docs) {
      doc.text.split('\n').forEach((line, i) => {
        for (const match of line.matchAll(/\b(?:issues?|PR|pull request) #?\d+|(?<![&\w])#\d+\b|\bcommit [0-9a-f]{7,}/gi))
          found.push(`${doc.file}:${i + 1}: ${match[0]}`);
        for (const match of line.matchAll(/(?<![\w/.#%-])(?=[0-9a-f]*[a-f])(?=[0-9a-f]*\d)[0-9a-f]{7,40}(?![\w/.-])/g))
          found.push(`${doc.file}:${i + 1}: ${match[0]}`);
      });
    }
    assert.deepEqual(found, []);
  });

  it('the anchors follow GitHub: punctuation and code marks dropped, spaces to hyphens', () => {
    assert.equal(slug('Server-side rendering (Next.js, SvelteKit)'), 'server-side-rendering-nextjs-sveltekit');
    assert.equal(slug('Remote reads are `@lit/task` Tasks'), 'remote-reads-are-littask-tasks');
    assert.equal(slug('Where to put a new …'), 'where-to-put-a-new-');
    assert.equal(slug('Attributes, properties, events, parts'), 'attributes-properties-events-parts');
    assert.deepEqual([...anchors('# A\n## A\n```\n# not a heading\n```\n### B c')], ['a', 'a-1', 'b-c']);
  });
});

describe('docs/architecture.md, "Where to put a new …"', () => {
  const text = docs.find((doc) => doc.file === 'docs/architecture.md')!.text;
  const section = text.slice(text.indexOf('## Where to put a new …'));
  const table = section.slice(0, section.indexOf('\n## ', 3));
  const spans = [...table.matchAll(/`([^`]+)`/g)].map((match) => match[1]!);

  it('every path it names exists (placeholders such as <name> aside)', () => {
    const paths = spans.filter((span) => /^(src|test|sandbox|scripts|demo)\//.test(span) && !/[<>…]/.test(span));
    assert.ok(paths.length > 20, `${paths.length} paths`);
    assert.deepEqual(
      paths.filter((file) => !existsSync(path.join(ROOT, file))),
      [],
    );
  });

  it('every identifier it names (a class, type, function, constant or compiler option) is declared in src/, sandbox/ or tsconfig.json', () => {
    const identifiers = spans.filter((span) => /^[A-Za-z_$][\w$]*$/.test(span) && /[A-Z]/.test(span) && !/^[A-Z][a-z]+$/.test(span));
    assert.ok(identifiers.length > 10, `${identifiers.length} identifiers: ${identifiers.join(', ')}`);
    const sources = [...tsFiles('src'), ...tsFiles('sandbox'), 'tsconfig.json'].map((file) => readFileSync(path.join(ROOT, file), 'utf8'));
    const declared = (name: string) =>
      sources.some((source) => new RegExp(`(?:class|interface|type|function|const|let|enum)\\s+${name}\\b|["']?\\b${name}["']?\\s*[:=(]`).test(source));
    assert.deepEqual(
      identifiers.filter((name) => !declared(name)),
      [],
      'names the table gives that the repository no longer declares',
    );
  });
});
