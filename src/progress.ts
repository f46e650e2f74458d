// Progress on stderr for long runs: a cli-progress bar on a terminal, plain periodic lines otherwise, nothing with --quiet.
import { plural } from './text.js';
import cliProgress from 'cli-progress';
import type { DealRow } from './run/csv.js';
import type { SearchWatcher } from './solver/clock.js';

const PLAIN_INTERVAL_MS = 10_000;

/** How long a bar is at most, and at least (a narrower one is left out). */
const BAR_WIDTH = 30;
const MIN_BAR_WIDTH = 10;

/**
 * One line of the bar for a terminal `width` columns wide: counts first, then speed, win rates and
 * the time left, each only if it fits, then the bar itself in whatever room is left.
 */
export function progressLine(width: number, done: number, total: number, speed: string, rates: string, etaSeconds: number, fraction: number): string {
  const room = Math.max(1, width - 1);
  const eta = Number.isFinite(etaSeconds) && etaSeconds >= 0 ? `ETA ${formatSeconds(etaSeconds)}` : '';
  let line = '';
  for (const part of [`${done}/${total} deals`, `${speed} deals/s`, rates, eta]) {
    if (part === '') continue;
    const longer = line === '' ? part : `${line} | ${part}`;
    if (longer.length > room) break;
    line = longer;
  }
  if (line === '') return `${done}/${total}`.slice(0, room);
  const barWidth = Math.min(BAR_WIDTH, room - line.length - 1);
  if (barWidth < MIN_BAR_WIDTH) return line;
  const filled = Math.round(Math.min(1, Math.max(0, fraction)) * barWidth);
  return `${line} ${'█'.repeat(filled)}${'░'.repeat(barWidth - filled)}`;
}

function formatSeconds(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole}s`;
  if (whole < 3600) return `${Math.floor(whole / 60)}m${String(whole % 60).padStart(2, '0')}s`;
  return `${Math.floor(whole / 3600)}h${String(Math.floor((whole % 3600) / 60)).padStart(2, '0')}m`;
}

/** How often a long solve's line on a terminal is brought up to date. */
const SEARCH_LINE_MS = 1000;

/** The line a long solve keeps on a terminal while it searches. */
export function searchLine(nodes: number, ms: number): string {
  return `searching: ${nodes.toLocaleString('en-US')} positions, ${formatSeconds(ms / 1000)}`;
}

/**
 * A solve's progress on standard error: on a terminal, a watcher (solver/clock.ts) that keeps one line
 * up to date, each second, once the search has run a second, and `done`, which clears it. Off a
 * terminal nothing, so that what a pipe or a file gets is the result alone.
 */
export function searchProgress(): { watcher: SearchWatcher | undefined; everyMs: number; done: () => void } {
  if (!process.stderr.isTTY) return { watcher: undefined, everyMs: 0, done: () => {} };
  let shown = false;
  return {
    watcher: (nodes, ms) => {
      shown = true;
      process.stderr.write(`\r${searchLine(nodes, ms)}\x1b[K`);
    },
    everyMs: SEARCH_LINE_MS,
    done: () => {
      if (shown) process.stderr.write('\r\x1b[K');
    },
  };
}

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
    if (resumed > 0) process.stderr.write(`resuming: ${plural(resumed, 'deal')} already done\n`);
    if (this.mode === 'bar') {
      this.bar = new cliProgress.SingleBar(
        {
          format: (_options, params, payload: { speed: string; rates: string }) =>
            progressLine(process.stderr.columns ?? 80, params.value, params.total, payload.speed, payload.rates, params.eta, params.progress),
          stream: process.stderr,
          etaBuffer: 50,
          hideCursor: true,
        },
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
