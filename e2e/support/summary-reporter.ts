import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Ends a run with one plain line, `e2e: N passed, N failed`, like the unit tests' `vitest: …` line. */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<TestCase, TestResult['status']>();

  onTestEnd(test: TestCase, result: TestResult): void {
    this.outcomes.set(test, result.status);
  }

  onEnd(result: FullResult): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const status of this.outcomes.values()) {
      if (status === 'passed') passed++;
      else if (status === 'skipped') skipped++;
      else failed++;
    }
    // A run that could not start (no server, a broken config) counts as a failure.
    if (result.status !== 'passed' && failed === 0) failed = 1;
    process.stdout.write(`\ne2e: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
