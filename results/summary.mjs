// Reads the sim's files for the results tables: a --summary file's one row, and the per-deal rows' solve times.
import { existsSync, readFileSync } from 'node:fs';

/** A --summary CSV's one row as { column: text }, or undefined when the file is not there. */
export function summary(file) {
  if (!existsSync(file)) return undefined;
  const [header, line] = readFileSync(file, 'utf8').trim().split('\n');
  const names = header.split(',');
  return Object.fromEntries(line.split(',').map((value, i) => [names[i], value]));
}

/** A per-deal CSV (--out) as its rows, { column: text } each; [] when the file is not there. */
export function perDeal(file) {
  if (!existsSync(file)) return [];
  const [header, ...lines] = readFileSync(file, 'utf8').trim().split('\n');
  const names = header.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [names[i], value])));
}

/** Mean, median and worst of the rows' solve times (column ms), as text in ms; blanks when there are none. */
export function solveTimes(rows) {
  if (rows.length === 0) return ['', '', ''];
  const ms = rows.map((row) => Number(row.ms)).sort((a, b) => a - b);
  const mean = ms.reduce((sum, value) => sum + value, 0) / ms.length;
  return [mean.toFixed(0), String(ms[ms.length >> 1]), String(ms[ms.length - 1])];
}
