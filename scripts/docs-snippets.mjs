#!/usr/bin/env node
/**
 * Copies the framework snippets (test/fixtures/snippets/*) into README.md,
 * between `<!-- snippet:start <path> -->` and `<!-- snippet:end -->`
 * markers, so the README shows exactly the files a test type-checks against
 * the packed package. `--check` exits 1 when README.md is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const root = new URL('..', import.meta.url);
const BLOCK = /(<!-- snippet:start ([^\s]+) -->)\n[\s\S]*?(<!-- snippet:end -->)/g;
const LANGUAGE = { tsx: 'tsx', ts: 'ts', vue: 'vue', svelte: 'svelte', html: 'html' };

/** The snippet paths the README names, in order. */
export function snippetPaths(readme) {
  return [...readme.matchAll(BLOCK)].map((match) => match[2]);
}

/** README text with every snippet block replaced by the file it names; `read(path)` returns a file's text. */
export function renderSnippets(readme, read) {
  return readme.replace(BLOCK, (_, start, file, end) => {
    const language = LANGUAGE[file.split('.').pop()] ?? '';
    return `${start}\n\`\`\`${language}\n${read(file).trimEnd()}\n\`\`\`\n${end}`;
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const readmeUrl = new URL('README.md', root);
  const readme = readFileSync(readmeUrl, 'utf8');
  const next = renderSnippets(readme, (file) => readFileSync(new URL(file, root), 'utf8'));
  if (process.argv.includes('--check')) {
    if (next !== readme) {
      console.error('README.md snippets are out of date: run npm run docs');
      process.exit(1);
    }
  } else if (next !== readme) {
    writeFileSync(readmeUrl, next);
    console.log('README.md snippets updated');
  }
}
