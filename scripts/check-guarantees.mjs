#!/usr/bin/env node
// Shows that every row of the "Guarantees" table (docs/security.md) is guarded by a test that
// fails when the promise breaks. Each mutant (scripts/guarantee-mutants.mjs) is
// the smallest breakage of the code a row protects; it is applied to a scratch copy of the repository
// (node_modules symlinked), only the covering tests run, and the mutant must
// make them fail ("killed"). A mutant that passes them ("survived") means the
// promise is not shown; a mutant whose text no longer matches the source
// ("stale") must be pointed at the code's new home. Exit code 1 on either; a
// stale mutant fails the run before anything runs, its row named (and
// test/node/guarantees-stale.test.ts fails it in `npm test`).
//
//   npm run check:guarantees                      every mutant (about 25 minutes on 2 busy cores)
//   npm run check:guarantees -- --only re-quote   mutants whose name contains "re-quote"
//   npm run check:guarantees -- --kind node       only mutants covered by Node tests alone (or: browser)
//   npm run check:guarantees -- --list            the table of mutants, nothing run
//   npm run check:guarantees -- --baseline        also run each covering set unmutated first
//   npm run check:guarantees -- --stale           only check that every mutant still finds its text (a second)
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { MUTANTS, staleMutants } from './guarantee-mutants.mjs';
import { guaranteeRows } from './docs-files.mjs';

const root = new URL('..', import.meta.url).pathname;

const args = process.argv.slice(2);
const only = args.includes('--only') ? (args[args.indexOf('--only') + 1] ?? '') : '';
const kind = args.includes('--kind') ? args[args.indexOf('--kind') + 1] : undefined;
const selected = MUTANTS.filter((m) => m.name.includes(only) && (!kind || (kind === 'node' ? !m.browser : !!m.browser)));

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => String(r[i]).length)));
  const line = (r) => `| ${r.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  return [line(rows[0]), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.slice(1).map(line)].join('\n');
}

const covering = (m) => [...(m.node ?? []), ...(m.browser ?? [])].join(', ') + (m.grep ? ` (${m.grep.replaceAll('|', ' \\| ')})` : '');

// The rows as the docs number them (scripts/docs-files.mjs): a mutant's row must be one of them.
const rows = guaranteeRows();
const promise = (row) => {
  const text = rows[row - 1]?.promise ?? '(no such row in docs/security.md)';
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
};
for (const m of selected.filter((m) => !rows[m.row - 1])) {
  console.error(`row ${m.row} (${m.name}) is not a row of the Guarantees table in docs/security.md (${rows.length} rows)`);
  process.exit(1);
}

const stale = staleMutants(root, selected);
for (const s of stale) console.error(`stale    row ${s.row}: ${s.name} (${s.why})`);
if (stale.length > 0) {
  console.error(`\n${stale.length} stale mutant edit(s): point them at the code's new home (scripts/guarantee-mutants.mjs).`);
  process.exit(1);
}
if (args.includes('--stale')) {
  console.log(`${selected.length} mutants, none stale`);
  process.exit(0);
}

if (args.includes('--list')) {
  console.log(
    table([
      ['row', 'promise', 'mutant', 'where', 'covering tests'],
      ...selected.map((m) => [m.row, promise(m.row), m.name, m.edits.map((e) => e.file).join(' + '), covering(m)]),
    ]),
  );
  process.exit(0);
}

/** Runs a command in `cwd`; resolves with its exit code and the tail of its output. */
function run(cwd, command, commandArgs, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const keep = (chunk) => {
      output = (output + chunk.toString()).slice(-20_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.on('exit', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/** The first failing test and its message, so a kill can be checked for the right reason. */
function firstFailure(output) {
  const lines = output.split('\n');
  const at = lines.findIndex((l) => /^\s+not ok \d+ - |❌|✖ /.test(l));
  if (at === -1) return 'failed';
  const name = lines[at].replace(/^\s*(not ok \d+ - |❌ |✖ )/, '').trim();
  const after = lines.slice(at + 1, at + 40);
  const index = after.findIndex((l) => /error: |AssertionError|Error:|expected/i.test(l));
  // node:test writes multi-line messages as a YAML block (`error: |-`): the message is on the next line.
  const error = (index === -1 ? '' : /\|-?\s*$/.test(after[index]) ? (after[index + 1] ?? '') : after[index]).trim();
  return `“${name.slice(0, 90)}”${
    error
      ? `: ${error
          .replace(/^error: /, '')
          .replace(/\|/g, '\\|')
          .slice(0, 120)}`
      : ''
  }`;
}

/** 0 when every covering test passed. Each Node test gets a 60 s default limit: a mutant that hangs its test counts as killed. */
async function runCovering(cwd, mutant) {
  const results = [];
  if (mutant.node?.length) {
    const pattern = mutant.grep ? [`--test-name-pattern=${mutant.grep}`] : [];
    results.push(
      await run(
        cwd,
        process.execPath,
        [
          '--import',
          'tsx',
          '--import',
          join(cwd, 'scripts/node-test-timeout.mjs'),
          '--test',
          '--test-concurrency=1',
          '--test-timeout=900000',
          '--test-force-exit',
          ...pattern,
          ...mutant.node,
        ],
        {
          NODE_TEST_TIMEOUT_MS: '60000',
        },
      ),
    );
  }
  if (mutant.browser?.length) {
    const countFile = join(cwd, '.wtr-counts.json');
    rmSync(countFile, { force: true });
    const result = await run(cwd, process.execPath, [join(cwd, 'node_modules/@web/test-runner/dist/bin.js')], {
      WTR_FILES: mutant.browser.join(','),
      WTR_COUNT_FILE: countFile,
      ...(mutant.grep ? { WTR_GREP: mutant.grep } : {}),
    });
    // web-test-runner exits 1 whenever a grep leaves tests out, so its exit code cannot tell a
    // killed mutant from a survivor: the counts do (a failing covering test, or none that ran).
    const counts = existsSync(countFile) ? JSON.parse(readFileSync(countFile, 'utf8')) : undefined;
    if (!counts) results.push({ ...result, code: result.code || 1 });
    else if (counts.failed === 0 && counts.passed === 0) results.push({ ...result, code: 0, noneRan: true });
    else results.push({ ...result, code: counts.failed > 0 ? result.code || 1 : 0 });
  }
  const failed = results.find((r) => r.code !== 0);
  return { code: failed ? failed.code : 0, noneRan: results.some((r) => r.noneRan), output: (failed ?? results.at(-1))?.output ?? '' };
}

const scratch = mkdtempSync(join(tmpdir(), 'bridge-widget-guarantees-'));
const skip = new Set(['node_modules', '.git', 'dist', 'coverage', '.bench', 'tmp', '.sandbox-state']);
cpSync(root, scratch, { recursive: true, filter: (source) => !skip.has(relative(root, source).split('/')[0] ?? '') });
symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'), 'dir');

const results = [];
let broken = false;
try {
  for (const mutant of selected) {
    const originals = new Map();
    let stale = '';
    for (const edit of mutant.edits) {
      const path = join(scratch, edit.file);
      if (!existsSync(path)) {
        stale = `${edit.file} no longer exists`;
        break;
      }
      if (!originals.has(path)) originals.set(path, readFileSync(path, 'utf8'));
      const current = readFileSync(path, 'utf8');
      const count = current.split(edit.find).length - 1;
      if (count !== 1) {
        stale = `${edit.file}: the text to break occurs ${count} times`;
        break;
      }
      writeFileSync(path, current.replace(edit.find, edit.replace));
    }
    let verdict;
    let detail = '';
    if (stale) {
      verdict = 'stale';
      detail = stale;
    } else {
      if (args.includes('--baseline')) {
        for (const [path, text] of originals) writeFileSync(path, text);
        const base = await runCovering(scratch, mutant);
        if (base.code !== 0 || base.noneRan) {
          verdict = base.noneRan ? 'no test ran' : 'baseline fails';
          detail = base.output
            .split('\n')
            .filter((l) => /not ok|✖|FAIL|Error/.test(l))
            .slice(0, 3)
            .join(' / ');
        }
        for (const edit of mutant.edits) {
          const path = join(scratch, edit.file);
          writeFileSync(path, readFileSync(path, 'utf8').replace(edit.find, edit.replace));
        }
      }
      if (!verdict) {
        const started = Date.now();
        const outcome = await runCovering(scratch, mutant);
        verdict = outcome.noneRan ? 'no test ran' : outcome.code === 0 ? 'survived' : 'killed';
        detail = `${Math.round((Date.now() - started) / 1000)} s`;
        if (verdict === 'killed') detail += `, ${firstFailure(outcome.output)}`;
        if (args.includes('--verbose')) console.log(outcome.output.split('\n').slice(-60).join('\n'));
      }
    }
    for (const [path, text] of originals) writeFileSync(path, text);
    if (verdict !== 'killed') broken = true;
    results.push([mutant.row, mutant.name, verdict, covering(mutant), [detail, mutant.note].filter(Boolean).join('; ')]);
    console.log(`${verdict.padEnd(8)} row ${mutant.row}: ${mutant.name} (${detail})`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

console.log(`\n${table([['row', 'mutant', 'result', 'covering tests', 'notes'], ...results])}`);
const killed = results.filter((r) => r[2] === 'killed').length;
console.log(`\n${killed} of ${results.length} mutants killed`);
process.exit(broken ? 1 : 0);
