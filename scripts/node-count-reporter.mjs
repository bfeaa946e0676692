// node:test reporter that writes only the final counts, read by scripts/test.mjs.
// Suites are not counted; a file that fails to load shows up as a failed test.
export default async function* countReporter(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const details = event.data.details ?? {};
    if (details.type === 'suite' && event.type === 'test:pass') continue;
    if (event.data.skip || event.data.todo) skipped++;
    else if (event.type === 'test:pass') passed++;
    else if (details.type !== 'suite' || !event.data.nesting) failed++;
  }
  yield JSON.stringify({ passed, failed, skipped });
}
