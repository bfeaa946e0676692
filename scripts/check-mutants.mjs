#!/usr/bin/env node
/**
 * `npm run check:mutants`: mutation testing of the modules whose tests must
 * really guard them, with StrykerJS (@stryker-mutator/core 9.6; 10.x needs
 * Node 22). Not part of `npm test`: it takes minutes.
 *
 *   npm run check:mutants                  every entry
 *   npm run check:mutants -- --only scrub  one entry (by name)
 *   npm run check:mutants -- --list        the entries
 *
 * Each entry of MODULES names the module(s) to mutate, the Node test files
 * that cover them (only those run, `node --import tsx --test <files>`, through
 * Stryker's command runner), a goal in percent, and the survivors known to be
 * equivalent (no test can tell them from the original), each with the reason.
 * An equivalent is matched by file, mutator, original text and replacement,
 * never by line, so it survives edits elsewhere in the file; one that no
 * longer matches any survivor is reported as stale.
 *
 * Output per module: the score, every surviving mutant (file:line, mutator,
 * original -> replacement), equivalents marked with their reason. Exit 1 when
 * a module is below its goal once its named equivalents are discounted.
 *
 * To add a module: append an entry; run `--only <name>`; kill what survives
 * with tests, or list it under `equivalent` with the reason it cannot be
 * killed.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = new URL('..', import.meta.url).pathname;

/**
 * @typedef {{ file: string, mutator: string, original: string, replacement: string, reason: string }} Equivalent
 * @typedef {{ name: string, mutate: string[], tests: string[], goal: number, equivalent: Equivalent[] }} Entry
 * @type {Entry[]}
 */
export const MODULES = [
  {
    name: 'key-check',
    mutate: ['src/proxy/key-check.ts'],
    tests: ['test/node/proxy-key-check.test.ts'],
    goal: 95,
    equivalent: [
      {
        file: 'src/proxy/key-check.ts',
        mutator: 'ConditionalExpression',
        original: 'response.status < 200',
        replacement: 'false',
        reason: 'fetch never resolves with a status below 200 (1xx answers are interim and not returned), so the lower bound cannot be reached',
      },
      {
        file: 'src/proxy/key-check.ts',
        mutator: 'BlockStatement',
        original: '{\n    clearTimeout(timer);\n  }',
        replacement: '{}',
        reason: 'the timer only aborts a fetch that has already settled, which changes nothing; clearing it frees it early',
      },
    ],
  },
  {
    name: 'scrub',
    mutate: ['src/proxy/scrub.ts'],
    tests: ['test/node/proxy-scrub.test.ts'],
    goal: 95,
    equivalent: [
      {
        file: 'src/proxy/scrub.ts',
        mutator: 'ArrowFunction',
        original: '(form) => form.length',
        replacement: '() => undefined',
        reason: 'only sizes the length fast path: with NaN the fast path never skips, and the full check finds the same',
      },
      {
        file: 'src/proxy/scrub.ts',
        mutator: 'ConditionalExpression',
        original: 'value.length < shortest',
        replacement: 'false',
        reason: 'a fast path: without it the full check runs and finds nothing more',
      },
      {
        file: 'src/proxy/scrub.ts',
        mutator: 'ConditionalExpression',
        original: 'decoded !== value',
        replacement: 'true',
        reason: 'when decoding changed nothing, the decoded view is the value already checked',
      },
      {
        file: 'src/proxy/scrub.ts',
        mutator: 'ConditionalExpression',
        original: '!carries(value)',
        replacement: 'false',
        reason: 'a value without the key comes out of the cut and the second check unchanged',
      },
      {
        file: 'src/proxy/scrub.ts',
        mutator: 'StringLiteral',
        original: "'\\\\'",
        replacement: '""',
        reason: 'JSON.parse of a token without escapes gives what slicing off its quotes gives',
      },
      {
        file: 'src/proxy/scrub.ts',
        mutator: 'ConditionalExpression',
        original: 'replaced !== token',
        replacement: 'true',
        reason: 'splicing in an unchanged token yields the same text',
      },
      {
        file: 'src/proxy/scrub.ts',
        mutator: 'ConditionalExpression',
        original: 'copied === 0',
        replacement: 'false',
        reason: 'joining the one untouched slice yields the same text',
      },
      {
        file: 'src/proxy/scrub.ts',
        mutator: 'MethodExpression',
        original: '[...forms].sort((a, b) => b.length - a.length)',
        replacement: '[...forms]',
        reason:
          "the key's raw, URL and JSON forms part at the first character an encoding changes, so none is a prefix of another and the alternation's order cannot change a match",
      },
      {
        file: 'src/proxy/scrub.ts',
        mutator: 'ArrowFunction',
        original: '(a, b) => b.length - a.length',
        replacement: '() => undefined',
        reason: 'as above: the order of the alternatives cannot change a match',
      },
      {
        file: 'src/proxy/scrub.ts',
        mutator: 'ArithmeticOperator',
        original: 'b.length - a.length',
        replacement: 'b.length + a.length',
        reason: 'as above: the order of the alternatives cannot change a match',
      },
      {
        file: 'src/proxy/scrub.ts',
        mutator: 'EqualityOperator',
        original: 'offset < 3',
        replacement: 'offset <= 3',
        reason: 'offset 3 is offset 0 one whole base64 group later: the same form, dropped by the set',
      },
      {
        file: 'src/proxy/scrub.ts',
        mutator: 'ConditionalExpression',
        original: 'stable.length >= 8',
        replacement: 'true',
        reason: 'keys are at least 8 characters (options refuse shorter), so every stable form has at least 8',
      },
      {
        file: 'src/proxy/scrub.ts',
        mutator: 'StringLiteral',
        original: "'0'",
        replacement: '""',
        reason: 'the key is printable ASCII (options refuse anything else): every byte has two hex digits already',
      },
      {
        file: 'src/proxy/scrub.ts',
        mutator: 'ConditionalExpression',
        original: "!value.includes('%')",
        replacement: 'false',
        reason: 'without a percent sign the decoding returns the value unchanged anyway',
      },
      {
        file: 'src/proxy/scrub.ts',
        mutator: 'StringLiteral',
        original: "'%'",
        replacement: '""',
        reason: 'as above: the early return only saves the decoding of text without escapes',
      },
      {
        file: 'src/proxy/scrub.ts',
        mutator: 'Regex',
        original: '/((?:%[0-9a-f]{2})+)/i',
        replacement: '/((?:%[0-9a-f]{2}))/i',
        reason: 'splitting escape by escape rather than run by run gives the same bytes',
      },
    ],
  },
  {
    name: 'intent-store',
    mutate: ['src/flow/intent-store.ts'],
    tests: ['test/node/intent-store.test.ts'],
    goal: 90,
    equivalent: [
      {
        file: 'src/flow/intent-store.ts',
        mutator: 'ObjectLiteral',
        original: "{ code: 'custom', message: `unknown phase ${value}`, input: value }",
        replacement: '{}',
        reason: 'any issue fails the parse and the record is dropped; what the issue says is never read (readAll keeps only successes)',
      },
      {
        file: 'src/flow/intent-store.ts',
        mutator: 'StringLiteral',
        original: "'custom'",
        replacement: '""',
        reason: 'as above: the issue only has to exist',
      },
      {
        file: 'src/flow/intent-store.ts',
        mutator: 'StringLiteral',
        original: '`unknown phase ${value}`',
        replacement: '``',
        reason: 'as above: the issue only has to exist',
      },
      {
        file: 'src/flow/intent-store.ts',
        mutator: 'OptionalChaining',
        original: 'storage?.getItem',
        replacement: 'storage.getItem',
        reason: 'without storage the TypeError is caught by the same try that turns unreadable storage into an empty list',
      },
      {
        file: 'src/flow/intent-store.ts',
        mutator: 'StringLiteral',
        original: "'[]'",
        replacement: '""',
        reason: 'JSON.parse of the empty string throws, and the catch gives the same empty list',
      },
      {
        file: 'src/flow/intent-store.ts',
        mutator: 'BlockStatement',
        original: '{\n    return [];\n  }',
        replacement: '{}',
        reason: 'the parse result stays undefined, which the next line turns into the same empty list',
      },
      {
        file: 'src/flow/intent-store.ts',
        mutator: 'OptionalChaining',
        original: 'storage?.setItem',
        replacement: 'storage.setItem',
        reason: 'without storage the TypeError is caught by the same try that ignores a full storage; nothing is written either way',
      },
    ],
  },
  {
    name: 'status-poller',
    mutate: ['src/flow/status-poller.ts'],
    tests: ['test/node/status-poller.test.ts'],
    goal: 90,
    equivalent: [
      {
        file: 'src/flow/status-poller.ts',
        mutator: 'ConditionalExpression',
        original: "status.kind === 'tracked'",
        replacement: 'true',
        reason:
          "read as tracked, a pending stub gives the same: its status is always 'pending', which has no phase (isFinalStatus), and it carries no nextPollAt (nextPollDelay; the pending schema has no next_poll_at)",
      },
      {
        file: 'src/flow/status-poller.ts',
        mutator: 'ConditionalExpression',
        original: 'phase !== undefined',
        replacement: 'true',
        reason: 'isFinalPhase(undefined) is false: no final phase is undefined',
      },
      {
        file: 'src/flow/status-poller.ts',
        mutator: 'ObjectLiteral',
        original: "{ kind: 'pending', status: 'pending', intent_id: intentId }",
        replacement: '{}',
        reason:
          'the stand-in for a refused status only has to be other than tracked: nextPollDelay reads nothing else of it, so any such object gives the own interval',
      },
      {
        file: 'src/flow/status-poller.ts',
        mutator: 'StringLiteral',
        original: "'pending'",
        replacement: '""',
        reason: 'as above: nextPollDelay reads only whether the status is tracked',
      },
    ],
  },
  {
    name: 'guards',
    mutate: ['src/flow/guards.ts'],
    tests: ['test/node/guards.test.ts', 'test/node/chain-id.test.ts'],
    goal: 95,
    equivalent: [
      {
        file: 'src/flow/guards.ts',
        mutator: 'ArrayDeclaration',
        original: '[]',
        replacement: '["Stryker was here"]',
        reason: 'the tokens of a route without approvals: the extra entry is no address, so no transaction target ever equals it',
      },
      {
        file: 'src/flow/guards.ts',
        mutator: 'StringLiteral',
        original: "''",
        replacement: '"Stryker was here!"',
        reason: 'the default for a missing URL: neither it nor the mutant parses as a URL, so both are left out',
      },
      {
        file: 'src/flow/guards.ts',
        mutator: 'ConditionalExpression',
        original: "status.kind !== 'tracked'",
        replacement: 'false',
        reason:
          'a status that is not tracked (the pending stub) has none of the chain, hash or recipient fields the later checks read, and each check needs its field',
      },
      {
        file: 'src/flow/guards.ts',
        mutator: 'Regex',
        original: '/^(transaction-(amount|value)|approval-(amount|unlimited)|effect-(amount|native))$/',
        replacement: '/(transaction-(amount|value)|approval-(amount|unlimited)|effect-(amount|native))$/',
        reason: 'it tests a GuardRule, and no rule ends in one of these names after a prefix',
      },
      {
        file: 'src/flow/guards.ts',
        mutator: 'Regex',
        original: '/^(transaction-(amount|value)|approval-(amount|unlimited)|effect-(amount|native))$/',
        replacement: '/^(transaction-(amount|value)|approval-(amount|unlimited)|effect-(amount|native))/',
        reason: 'it tests a GuardRule, and no rule continues after one of these names',
      },
    ],
  },
  {
    name: 'arrival-check',
    mutate: ['src/flow/arrival-check.ts'],
    tests: ['test/node/arrival-check.test.ts'],
    goal: 95,
    equivalent: [
      {
        file: 'src/flow/arrival-check.ts',
        mutator: 'ConditionalExpression',
        original: "typeof value === 'string'",
        replacement: 'true',
        reason:
          "isHash: a non-string whose text is a hash (a list of one) passes, but every hash it passes is lower-cased next, which throws for a non-string; the throw is a failing RPC, as the refusal is (quantity's twin is killed: a block number in a list)",
      },
      {
        file: 'src/flow/arrival-check.ts',
        mutator: 'ConditionalExpression',
        original: "typeof value !== 'object' || Array.isArray(value)",
        replacement: 'false',
        reason: 'a receipt that is no object (text, a number, a list) has none of its fields, so the transactionHash rule right after refuses it the same',
      },
      {
        file: 'src/flow/arrival-check.ts',
        mutator: 'LogicalOperator',
        original: "typeof value !== 'object' || Array.isArray(value)",
        replacement: "typeof value !== 'object' && Array.isArray(value)",
        reason: 'as above: the transactionHash rule refuses what this lets through',
      },
      {
        file: 'src/flow/arrival-check.ts',
        mutator: 'ConditionalExpression',
        original: "typeof value !== 'object'",
        replacement: 'false',
        reason: 'as above: the transactionHash rule refuses what this lets through',
      },
      {
        file: 'src/flow/arrival-check.ts',
        mutator: 'ConditionalExpression',
        original: "typeof log !== 'object' || log === null",
        replacement: 'false',
        reason:
          'a null log throws when its fields are read (a failing RPC, as the refusal is); a log that is no object has no address, which the next rule refuses',
      },
      {
        file: 'src/flow/arrival-check.ts',
        mutator: 'LogicalOperator',
        original: "typeof log !== 'object' || log === null",
        replacement: "typeof log !== 'object' && log === null",
        reason: 'as above: null throws, anything else that is no object has no address',
      },
      {
        file: 'src/flow/arrival-check.ts',
        mutator: 'ConditionalExpression',
        original: "typeof log !== 'object'",
        replacement: 'false',
        reason: 'as above: anything that is no object has no address',
      },
      {
        file: 'src/flow/arrival-check.ts',
        mutator: 'ConditionalExpression',
        original: 'log === null',
        replacement: 'false',
        reason: 'a null log then throws when its fields are read: a failing RPC, as the refusal is',
      },
      {
        file: 'src/flow/arrival-check.ts',
        mutator: 'ConditionalExpression',
        original: "typeof value !== 'object' || value === null",
        replacement: 'false',
        reason:
          "blockTime: a null header throws when its fields are read (a failing RPC, as the refusal is); a header that is no object has no number, which the next rule refuses (the receipt's twin, typeof value !== 'object' → false, is named above)",
      },
      {
        file: 'src/flow/arrival-check.ts',
        mutator: 'LogicalOperator',
        original: "typeof value !== 'object' || value === null",
        replacement: "typeof value !== 'object' && value === null",
        reason: 'as above: null throws, anything else that is no object has no number',
      },
      {
        file: 'src/flow/arrival-check.ts',
        mutator: 'ConditionalExpression',
        original: 'value === null',
        replacement: 'false',
        reason: 'blockTime: a null header then throws when its fields are read: a failing RPC, as the refusal is',
      },
      {
        file: 'src/flow/arrival-check.ts',
        mutator: 'LogicalOperator',
        original: "after === 'unreadable' || before === 'unreadable'",
        replacement: "after === 'unreadable' && before === 'unreadable'",
        reason: "one unread balance then meets the subtraction, which throws for a non-bigint, and checkArrival's catch answers the same 'unreadable'",
      },
      {
        file: 'src/flow/arrival-check.ts',
        mutator: 'ConditionalExpression',
        original: "after === 'unreadable'",
        replacement: 'false',
        reason: 'as above: the subtraction throws and the catch answers unreadable',
      },
      {
        file: 'src/flow/arrival-check.ts',
        mutator: 'ConditionalExpression',
        original: "before === 'unreadable'",
        replacement: 'false',
        reason: 'the balance before, as above: the subtraction throws and the catch answers unreadable',
      },
      {
        file: 'src/flow/arrival-check.ts',
        mutator: 'ConditionalExpression',
        original: "typeof address !== 'string'",
        replacement: 'false',
        reason: "a log's address that is no string but reads as an address (a list of one) is lower-cased next, which throws: a failing RPC, as the refusal is",
      },
      {
        file: 'src/flow/arrival-check.ts',
        mutator: 'ConditionalExpression',
        original: "timestamp === 'unreadable'",
        replacement: 'false',
        reason: "an unread block time then meets the clock-skew rule's bigint arithmetic, which throws, and checkArrival's catch answers the same 'unreadable'",
      },
      {
        file: 'src/flow/arrival-check.ts',
        mutator: 'StringLiteral',
        original: "'unreadable'",
        replacement: '""',
        reason:
          "in the block time's check and the native balances' (the receipt's twin is killed): as above, the bigint arithmetic next (the clock-skew rule's, the subtraction's) throws for text and the catch answers 'unreadable'",
      },
      {
        file: 'src/flow/arrival-check.ts',
        mutator: 'ConditionalExpression',
        original: "arrival.kind === 'contradicted'",
        replacement: 'true',
        reason:
          'savedArrival: a checked arrival carries no reason, so reading one gives the undefined the other branch gives (an unchecked one has returned already)',
      },
    ],
  },
  {
    name: 'unknown-outcome',
    mutate: ['src/flow/unknown-outcome.ts'],
    tests: ['test/node/unknown-outcome.test.ts'],
    goal: 95,
    equivalent: [
      {
        file: 'src/flow/unknown-outcome.ts',
        mutator: 'ConditionalExpression',
        original: 'saved.approvalSpender',
        replacement: 'true',
        reason:
          'without a saved spender the allowance read fails before it asks the wallet (no spender address to encode) and leaves the sign out, as skipping it does',
      },
      {
        file: 'src/flow/unknown-outcome.ts',
        mutator: 'ArrowFunction',
        original: '() => true',
        replacement: '() => undefined',
        reason: "hashUnseen: a failed read of the hash only has to be something other than null (the chain's word for unseen); undefined is",
      },
      {
        file: 'src/flow/unknown-outcome.ts',
        mutator: 'BooleanLiteral',
        original: 'true',
        replacement: 'false',
        reason: "hashUnseen's failed read (the other true literals are killed): as above, false is not null either",
      },
      {
        file: 'src/flow/unknown-outcome.ts',
        mutator: 'EqualityOperator',
        original: 'left <= 0',
        replacement: 'left < 0',
        reason:
          'the grace runs out at exactly 0 ms only within one millisecond; then the wait is 0 ms, the hash is asked once more, and the time left is below 0',
      },
      {
        file: 'src/flow/unknown-outcome.ts',
        mutator: 'ConditionalExpression',
        original: '!client',
        replacement: 'false',
        reason: "a session without a service then calls status on nothing, which throws as 'no service' does, and the look-up counts either as no status",
      },
      {
        file: 'src/flow/unknown-outcome.ts',
        mutator: 'StringLiteral',
        original: "'no service'",
        replacement: '""',
        reason: 'the look-up catches the error and never reads its message',
      },
      {
        file: 'src/flow/unknown-outcome.ts',
        mutator: 'ObjectLiteral',
        original: '{ signal }',
        replacement: '{}',
        reason: 'add starts the look-up without a signal, so the status call gets none either way',
      },
      {
        file: 'src/flow/unknown-outcome.ts',
        mutator: 'ArrowFunction',
        original: "() => ({ kind: 'unknown', signs: {} }) as const",
        replacement: '() => undefined',
        reason: 'lookUpOutcome rejects only when its signal aborts, and add gives it none: the catch is a guard that never runs',
      },
      {
        file: 'src/flow/unknown-outcome.ts',
        mutator: 'OptionalChaining',
        original: 'this.entries.find((e) => e.saved.intentId === intentId)?.signs',
        replacement: 'this.entries.find(e => e.saved.intentId === intentId).signs',
        reason: "mayBridge: the gate's transfer comes from the entries, so the find always finds it",
      },
      {
        file: 'src/flow/unknown-outcome.ts',
        mutator: 'OptionalChaining',
        original: 'this.entries.find((e) => e.saved.intentId === asking.intentId)?.signs',
        replacement: 'this.entries.find(e => e.saved.intentId === asking.intentId).signs',
        reason:
          'question: the transfer asked about is always an entry (a found one leaves the entries and, when it is the one asked about, the question with it)',
      },
    ],
  },
  {
    name: 'effects',
    mutate: ['src/flow/effects.ts'],
    tests: ['test/node/effects.test.ts'],
    goal: 95,
    equivalent: [],
  },
  {
    name: 'approvals',
    mutate: ['src/api/approvals.ts'],
    tests: ['test/node/guards.test.ts', 'test/node/chain-id.test.ts'],
    goal: 95,
    equivalent: [
      {
        file: 'src/api/approvals.ts',
        mutator: 'ArrayDeclaration',
        original: '[]',
        replacement: '["Stryker was here"]',
        reason: 'the fallback for a route without approvals: the extra entry has no spender or token, so it is skipped like any such entry',
      },
      {
        file: 'src/api/approvals.ts',
        mutator: 'StringLiteral',
        original: "''",
        replacement: '"Stryker was here!"',
        reason:
          'the default for a missing spender or token: neither it nor the mutant is an address, so the entry is skipped either way (once for each of the two defaults)',
      },
    ],
  },
];

function options() {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      list: { type: 'boolean', default: false },
      concurrency: { type: 'string', default: '2' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) {
    process.stdout.write('usage: npm run check:mutants -- [--only <name>] [--list] [--concurrency 2]\n');
    process.exit(0);
  }
  return values;
}

/** The source text a mutant replaced, from its location (in a result, lines and columns are both 1-based). */
function originalText(source, location) {
  const lines = source.split('\n');
  const { start, end } = location;
  if (start.line === end.line) return lines[start.line - 1].slice(start.column - 1, end.column - 1);
  return [lines[start.line - 1].slice(start.column - 1), ...lines.slice(start.line, end.line - 1), lines[end.line - 1].slice(0, end.column - 1)].join('\n');
}

/** One line, so a table row stays a row. */
const oneLine = (text) => (text.length > 80 ? `${text.slice(0, 77)}...` : text).replace(/\s*\n\s*/g, ' ⏎ ');

const normalise = (text) => text.replace(/\s+/g, ' ').trim();

function matchesEquivalent(equivalent, survivor) {
  return (
    equivalent.file === survivor.file &&
    equivalent.mutator === survivor.mutator &&
    normalise(equivalent.original) === normalise(survivor.original) &&
    normalise(equivalent.replacement) === normalise(survivor.replacement)
  );
}

async function runEntry(entry, concurrency) {
  const { Stryker } = await import('@stryker-mutator/core');
  const tempDirName = `.stryker-tmp-${entry.name}`;
  const stryker = new Stryker({
    mutate: entry.mutate,
    testRunner: 'command',
    commandRunner: { command: `node --import tsx --test ${entry.tests.join(' ')}` },
    coverageAnalysis: 'off',
    concurrency,
    reporters: [],
    tempDirName,
    cleanTempDir: true,
    logLevel: 'error',
    fileLogLevel: 'off',
    // The sandbox copy only needs what the covering tests import (the sandbox's phone wallet imports demo/dev-wallet.ts).
    ignorePatterns: ['/dist', '/.bench', '/.screenshots', '/coverage', '/pending', '/.stryker-tmp-*', '/custom-elements.json'],
    timeoutMS: 60_000,
    disableTypeChecks: true,
  });
  const results = await stryker.runMutationTest();
  rmSync(join(ROOT, tempDirName), { recursive: true, force: true });
  return results;
}

function report(entry, results) {
  const sources = new Map();
  const sourceOf = (file) => {
    if (!sources.has(file)) sources.set(file, readFileSync(join(ROOT, file), 'utf8'));
    return sources.get(file);
  };
  const counted = results.filter((r) => ['Killed', 'Timeout', 'Survived', 'NoCoverage'].includes(r.status));
  const detected = counted.filter((r) => r.status === 'Killed' || r.status === 'Timeout');
  const survivors = counted
    .filter((r) => r.status === 'Survived' || r.status === 'NoCoverage')
    .map((r) => {
      const file = r.fileName.startsWith(ROOT) ? r.fileName.slice(ROOT.length) : r.fileName;
      const original = originalText(sourceOf(file), r.location);
      return { file, line: r.location.start.line, mutator: r.mutatorName, original, replacement: r.replacement ?? '', status: r.status };
    })
    .sort((a, b) => a.line - b.line);
  const used = new Set();
  const rows = survivors.map((survivor) => {
    const equivalent = entry.equivalent.find((e) => matchesEquivalent(e, survivor));
    if (equivalent) used.add(equivalent);
    return { ...survivor, equivalent };
  });
  const equivalents = rows.filter((row) => row.equivalent).length;
  const raw = counted.length === 0 ? 100 : (100 * detected.length) / counted.length;
  const denominator = counted.length - equivalents;
  const score = denominator === 0 ? 100 : (100 * detected.length) / denominator;
  const passed = score >= entry.goal;

  const lines = [
    `## ${entry.name}: ${entry.mutate.join(', ')}`,
    `covering tests: ${entry.tests.join(' ')}`,
    `${counted.length} mutants: ${detected.length} killed, ${survivors.length} survived (${equivalents} named equivalent); ` +
      `score ${score.toFixed(1)} % without the equivalents (${raw.toFixed(1)} % raw), goal ${entry.goal} %: ${passed ? 'met' : 'NOT MET'}`,
  ];
  const other = results.filter((r) => !['Killed', 'Timeout', 'Survived', 'NoCoverage', 'Ignored'].includes(r.status));
  if (other.length > 0) lines.push(`not counted: ${other.length} (${[...new Set(other.map((r) => r.status))].join(', ')})`);
  if (rows.length > 0) {
    lines.push('', '| where | mutator | original → replacement | verdict |', '|---|---|---|---|');
    for (const row of rows) {
      const verdict = row.equivalent ? `equivalent: ${row.equivalent.reason}` : row.status === 'NoCoverage' ? 'survived (no test ran it)' : 'survived';
      lines.push(`| ${row.file}:${row.line} | ${row.mutator} | \`${oneLine(row.original)}\` → \`${oneLine(row.replacement)}\` | ${verdict} |`);
    }
  }
  for (const stale of entry.equivalent.filter((e) => !used.has(e))) {
    lines.push(
      `stale equivalent (matches no survivor; remove or repoint it): ${stale.file} ${stale.mutator} \`${oneLine(stale.original)}\` → \`${oneLine(stale.replacement)}\``,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
  return passed;
}

async function main() {
  const values = options();
  if (values.list) {
    for (const entry of MODULES)
      process.stdout.write(
        `${entry.name}: ${entry.mutate.join(', ')} <- ${entry.tests.join(' ')} (goal ${entry.goal} %, ${entry.equivalent.length} equivalent)\n`,
      );
    return 0;
  }
  const chosen = values.only === undefined ? MODULES : MODULES.filter((entry) => entry.name === values.only);
  if (chosen.length === 0) {
    process.stderr.write(`--only: no entry named "${values.only}" (${MODULES.map((entry) => entry.name).join(', ')})\n`);
    return 1;
  }
  let failed = 0;
  for (const entry of chosen) {
    const started = Date.now();
    const results = await runEntry(entry, Number(values.concurrency));
    if (!report(entry, results)) failed += 1;
    process.stdout.write(`(${entry.name}: ${Math.round((Date.now() - started) / 1000)} s)\n\n`);
  }
  process.stdout.write(failed === 0 ? `every module met its goal\n` : `${failed} module(s) below their goal\n`);
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main();
