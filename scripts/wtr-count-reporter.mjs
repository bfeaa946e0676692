import { writeFileSync } from 'node:fs';

/** web-test-runner reporter that writes the counts for scripts/test.mjs; a test file that fails to import counts as a failure. */
export function countReporter(outFile) {
  return {
    onTestRunFinished({ sessions }) {
      let passed = 0;
      let failed = 0;
      let skipped = 0;
      // Each failure's test path and first error line: scripts/test.mjs repeats them at the end of the run.
      const failures = [];
      const walk = (suite, file, path = []) => {
        for (const test of suite.tests ?? []) {
          // A test a grep (WTR_GREP) left out never ran: no duration, no error. Mocha reports it
          // neither passed nor pending, and web-test-runner fails the run for it; it is skipped.
          if (test.skipped || (!test.passed && !test.error && test.duration === undefined)) skipped++;
          else if (test.passed) passed++;
          else {
            failed++;
            failures.push({ name: [...path, test.name].join(' > '), file, message: String(test.error?.message ?? '').split('\n')[0] });
          }
        }
        for (const child of suite.suites ?? []) walk(child, file, [...path, child.name]);
      };
      for (const session of sessions) {
        const before = passed + failed + skipped;
        if (session.testResults) walk(session.testResults, session.testFile);
        const counted = passed + failed + skipped - before;
        // Import errors, browser crashes and errors outside tests leave the session failed without a failing test.
        if (!session.passed && (counted === 0 || (session.errors?.length ?? 0) > 0)) {
          failed++;
          failures.push({ name: 'the file itself', file: session.testFile, message: String(session.errors?.[0]?.message ?? 'no test ran').split('\n')[0] });
        }
      }
      writeFileSync(outFile, JSON.stringify({ passed, failed, skipped, failures }));
    },
  };
}
