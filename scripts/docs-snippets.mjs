/**
 * Copies the snippets (test/fixtures/snippets/*) into the docs (README.md and
 * docs/*.md, scripts/docs-files.mjs), between `<!-- snippet:start <path> -->`
 * and `<!-- snippet:end -->` markers, so the docs show exactly the files the
 * tests type-check or run. `npm run docs` (scripts/docs.mjs) writes them; `-- --check` only checks.
 */

const BLOCK = /(<!-- snippet:start ([^\s]+) -->)\n[\s\S]*?(<!-- snippet:end -->)/g;
const LANGUAGE = { tsx: 'tsx', ts: 'ts', vue: 'vue', svelte: 'svelte', html: 'html', toml: 'toml' };

/** The snippet paths a doc file names, in order. */
export function snippetPaths(readme) {
  return [...readme.matchAll(BLOCK)].map((match) => match[2]);
}

/** A doc file's text with every snippet block replaced by the file it names; `read(path)` returns a file's text. */
export function renderSnippets(readme, read) {
  return readme.replace(BLOCK, (_, start, file, end) => {
    const language = LANGUAGE[file.split('.').pop()] ?? '';
    return `${start}\n\`\`\`${language}\n${read(file).trimEnd()}\n\`\`\`\n${end}`;
  });
}
