// node:test reporter that writes only the final counts, read by scripts/test.mjs,
// and each failed test's name and first lines of its error, which scripts/test.mjs
// repeats after the browser run so a long log's tail still says what failed.
// Suites are not counted; a file that fails to load shows up as a failed test.
export default async function* countReporter(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const failures = [];
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const details = event.data.details ?? {};
    if (details.type === 'suite' && event.type === 'test:pass') continue;
    if (event.data.skip || event.data.todo) skipped++;
    else if (event.type === 'test:pass') passed++;
    else if (details.type !== 'suite' || !event.data.nesting) {
      failed++;
      const error = details.error?.cause ?? details.error;
      const message = String(error?.message ?? error ?? '')
        .split('\n')
        .slice(0, 6)
        .join('\n');
      failures.push({ name: event.data.name, file: event.data.file, message });
    }
  }
  yield JSON.stringify({ passed, failed, skipped, failures });
}
