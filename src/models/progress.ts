/**
 * Build progress: a redrawn bar per builder on a terminal, a line per 10 % step
 * otherwise (CI logs, npm start output).
 */
export class ProgressReporter {
  private lastStep = new Map<string, number>();

  constructor(private readonly stream: NodeJS.WriteStream = process.stderr) {}

  update(name: string, fraction: number, label = ''): void {
    const pct = Math.max(0, Math.min(100, Math.floor(fraction * 100)));
    if (this.stream.isTTY) {
      const width = 30;
      const filled = Math.round((pct / 100) * width);
      this.stream.write(`\r${name.padEnd(18)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(pct).padStart(3)}% ${label.slice(0, 40).padEnd(40)}`);
      if (pct === 100) this.stream.write('\n');
      return;
    }
    const step = Math.floor(pct / 10);
    if (step === this.lastStep.get(name)) return;
    this.lastStep.set(name, step);
    this.stream.write(`${name}: ${pct}% ${label}\n`);
  }
}
