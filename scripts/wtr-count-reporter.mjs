import { writeFileSync } from 'node:fs';

/** web-test-runner reporter that writes the counts for scripts/test.mjs; a test file that fails to import counts as a failure. */
export function countReporter(outFile) {
  return {
    onTestRunFinished({ sessions }) {
      let passed = 0;
      let failed = 0;
      let skipped = 0;
      const walk = (suite) => {
        for (const test of suite.tests ?? []) {
          // A test a grep (WTR_GREP) left out never ran: no duration, no error. Mocha reports it
          // neither passed nor pending, and web-test-runner fails the run for it; it is skipped.
          if (test.skipped || (!test.passed && !test.error && test.duration === undefined)) skipped++;
          else if (test.passed) passed++;
          else failed++;
        }
        for (const child of suite.suites ?? []) walk(child);
      };
      for (const session of sessions) {
        const before = passed + failed + skipped;
        if (session.testResults) walk(session.testResults);
        const counted = passed + failed + skipped - before;
        // Import errors, browser crashes and errors outside tests leave the session failed without a failing test.
        if (!session.passed && (counted === 0 || (session.errors?.length ?? 0) > 0)) failed++;
      }
      writeFileSync(outFile, JSON.stringify({ passed, failed, skipped }));
    },
  };
}
