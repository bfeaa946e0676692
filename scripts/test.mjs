#!/usr/bin/env node
// Runs every test (node:test for Node code, web-test-runner in Chromium for
// browser code) and ends with one plain line: `N passed, N failed, N skipped`.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, existsSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), 'bridge-widget-test-'));

function findTests(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return findTests(path);
    return name.endsWith('.test.ts') ? [path] : [];
  });
}

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function readCounts(file) {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return JSON.parse(text.split('\n').pop());
  } catch {
    return undefined;
  }
}

const only = process.argv[2];
const totals = { passed: 0, failed: 0, skipped: 0 };
/** What failed, repeated at the end: a CI log's tail then names it even after the browser run's output. */
const failures = [];
const add = (counts, label, exitCode) => {
  if (!counts) {
    console.error(`${label}: no results were reported (exit code ${exitCode}); counting the run as one failure`);
    totals.failed++;
    return;
  }
  for (const failure of counts.failures ?? [])
    failures.push(`${label}: ${failure.name}${failure.file ? ` (${failure.file.replace(root, '')})` : ''}\n    ${failure.message.replace(/\n/g, '\n    ')}`);
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  if (exitCode !== 0 && counts.failed === 0) {
    console.error(`${label}: exited with ${exitCode} although no test failed; counting one failure`);
    totals.failed++;
  }
};

if (only !== 'browser') {
  const files = findTests(join(root, 'test/node'));
  const countFile = join(scratch, 'node.json');
  const code = await run(process.execPath, [
    '--import',
    'tsx',
    // Every test gets a default time limit (2 min), so a stuck promise fails that test by name; suites that build or drive a browser set more.
    '--import',
    join(root, 'scripts/node-test-timeout.mjs'),
    '--test',
    '--test-concurrency=1',
    // Node 20's own flag limits a whole file: a last resort for a hook that never returns.
    '--test-timeout=900000',
    // No --test-force-exit: in Node 20 it ends the process before the count reporter below writes its line.
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    `--test-reporter=${join(root, 'scripts/node-count-reporter.mjs')}`,
    `--test-reporter-destination=${countFile}`,
    ...files,
  ]);
  add(readCounts(countFile), 'node tests', code);
}

if (only !== 'node') {
  const countFile = join(scratch, 'browser.json');
  // The sandbox's own errors (its tracker's, its chains'), kept aside and shown when a browser test failed.
  const sandboxLog = process.env.SANDBOX_LOG || join(scratch, 'sandbox.log');
  const code = await run(process.execPath, [join(root, 'node_modules/@web/test-runner/dist/bin.js')], { WTR_COUNT_FILE: countFile, SANDBOX_LOG: sandboxLog });
  const counts = readCounts(countFile);
  add(counts, 'browser tests', code);
  if ((!counts || counts.failed > 0) && existsSync(sandboxLog)) {
    const lines = readFileSync(sandboxLog, 'utf8').trimEnd().split('\n');
    console.log(`\nWhat the sandbox logged (${lines.length > 80 ? 'its last 80 of ' : ''}${lines.length} lines):\n${lines.slice(-80).join('\n')}`);
  }
}

rmSync(scratch, { recursive: true, force: true });
if (failures.length) console.log(`\nFailed:\n${failures.map((f) => `  ${f}`).join('\n')}\n`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 ? 1 : 0);
