// Progress on stderr for long runs: a cli-progress bar on a terminal, plain periodic lines otherwise, nothing with --quiet.
import cliProgress from 'cli-progress';
import type { DealRow } from './run/csv.js';

const PLAIN_INTERVAL_MS = 10_000;

export class Progress {
  private bar?: cliProgress.SingleBar;
  private total = 0;
  private done = 0;
  private started = 0;
  private lastPlain = 0;
  private readonly tallies = new Map<string, { won: number; decided: number }>();

  constructor(private readonly mode: 'bar' | 'plain' | 'quiet') {}

  static forStream(quiet: boolean): Progress {
    if (quiet) return new Progress('quiet');
    return new Progress(process.stderr.isTTY ? 'bar' : 'plain');
  }

  start(planned: number, resumed: number): void {
    this.total = planned;
    this.started = performance.now();
    this.lastPlain = this.started;
    if (this.mode === 'quiet') return;
    if (resumed > 0) process.stderr.write(`resuming: ${resumed} deals already done\n`);
    if (this.mode === 'bar') {
      this.bar = new cliProgress.SingleBar(
        { format: '{bar} {value}/{total} deals | {speed} deals/s | ETA {eta_formatted} | {rates}', stream: process.stderr, etaBuffer: 50, hideCursor: true },
        cliProgress.Presets.shades_classic,
      );
      this.bar.start(planned, 0, { speed: '0', rates: '' });
    }
  }

  update(rows: DealRow[]): void {
    this.done += rows.length;
    for (const row of rows) {
      let tally = this.tallies.get(row.preset);
      if (!tally) this.tallies.set(row.preset, (tally = { won: 0, decided: 0 }));
      if (row.result === 'won') tally.won++;
      if (row.result !== 'unknown') tally.decided++;
    }
    const now = performance.now();
    const speed = ((this.done / Math.max(1, now - this.started)) * 1000).toFixed(1);
    const rates = [...this.tallies].map(([preset, t]) => `${preset} ${t.decided === 0 ? '-' : ((100 * t.won) / t.decided).toFixed(1) + '%'}`).join(' ');
    if (this.mode === 'bar') this.bar?.update(this.done, { speed, rates });
    else if (this.mode === 'plain' && now - this.lastPlain >= PLAIN_INTERVAL_MS) {
      this.lastPlain = now;
      process.stderr.write(`${this.done}/${this.total} deals, ${speed} deals/s, win rate ${rates}\n`);
    }
  }

  stop(): void {
    this.bar?.stop();
  }
}
