/**
 * Writes how long each spec file took, in seconds, to `<outputDir>/spec-seconds.json`:
 * run-e2e.mjs sums them after a sharded run and prints the table it balances the shards by.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FullConfig, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SpecSecondsReporter implements Reporter {
  private outputDir = 'test-results';
  private readonly seconds = new Map<string, number>();

  onBegin(config: FullConfig): void {
    this.outputDir = config.projects[0]?.outputDir ?? this.outputDir;
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const spec = path.basename(test.location.file);
    this.seconds.set(spec, (this.seconds.get(spec) ?? 0) + result.duration / 1000);
  }

  onEnd(): void {
    fs.mkdirSync(this.outputDir, { recursive: true });
    const rounded = Object.fromEntries([...this.seconds].map(([spec, s]) => [spec, Math.round(s)]));
    fs.writeFileSync(path.join(this.outputDir, 'spec-seconds.json'), JSON.stringify(rounded, null, 2) + '\n');
  }
}
