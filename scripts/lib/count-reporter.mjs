// A node:test reporter that writes only the totals, as JSON: { "passed": N, "failed": N }.
// Suites are not counted; a test is counted once, whether it passed or failed.
export default async function* countReporter(source) {
  let passed = 0;
  let failed = 0;
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (event.data.details?.type === 'suite') {
      // A suite that failed outside its tests (a hook, a load error) still counts as one failure.
      if (event.type === 'test:fail' && event.data.details?.error?.failureType !== 'subtestsFailed')
        failed += 1;
      continue;
    }
    if (event.type === 'test:pass') passed += 1;
    else failed += 1;
  }
  yield `${JSON.stringify({ passed, failed })}\n`;
}
