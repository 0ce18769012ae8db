import type { Reporter, TestModule } from 'vitest/node';

/** Prints one line per Vitest project, so CI logs show e.g. how many API tests ran on PostgreSQL. */
export default class ProjectSummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const totals = new Map<string, { passed: number; failed: number; skipped: number }>();
    for (const module of testModules) {
      const name = module.project.name || 'default';
      const total = totals.get(name) ?? { passed: 0, failed: 0, skipped: 0 };
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') total.passed++;
        else if (state === 'failed') total.failed++;
        else total.skipped++;
      }
      totals.set(name, total);
    }
    console.log('\nTests per project:');
    for (const [name, t] of [...totals].sort()) {
      console.log(`  ${name.padEnd(14)} ${t.passed} tests passed, ${t.failed} failed, ${t.skipped} skipped`);
    }
  }
}
