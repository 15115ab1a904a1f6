/**
 * A node:test reporter that writes one JSON line per finished test or suite
 * (file, name, nesting, outcome, skip reason), and the runner's own totals,
 * for test/run.ts to count and cross-check; the spec reporter beside it prints
 * the human view. Plain JavaScript because node loads reporters before the tsx
 * loader is registered.
 */
const TOTAL = /^(tests|suites|pass|fail|cancelled|skipped|todo) (\d+)$/;

export default async function* summaryReporter(source) {
  for await (const event of source) {
    const total = event.type === 'test:diagnostic' && event.data.nesting === 0 ? TOTAL.exec(event.data.message) : null;
    if (total) yield `${JSON.stringify({ total: total[1], value: Number(total[2]) })}\n`;
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { name, file, nesting, skip, todo, details } = event.data;
    const skipped = skip !== undefined && skip !== false;
    const pending = todo !== undefined && todo !== false;
    yield `${JSON.stringify({
      outcome: event.type === 'test:fail' ? 'fail' : skipped ? 'skip' : pending ? 'todo' : 'pass',
      file: file ?? null,
      name,
      nesting,
      suite: details?.type === 'suite',
      reason: typeof skip === 'string' ? skip : typeof todo === 'string' ? todo : null,
      failure: details?.error?.failureType ?? null,
      ms: Math.round(details?.duration_ms ?? 0),
    })}\n`;
  }
}
