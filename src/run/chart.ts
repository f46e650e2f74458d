// SVG line charts of win rate against a varied option, with 95% intervals as error bars; no browser needed.
import { winRate, type Interval, type WinRate } from './stats.js';
import type { SummaryRow } from './csv.js';

export interface ChartSeries {
  label: string;
  points: { x: number; row: SummaryRow }[];
}

const WIDTH = 720;
const HEIGHT = 420;
const MARGIN = { left: 64, right: 190, top: 40, bottom: 56 };
const COLORS = ['#1f77b4', '#d62728', '#2ca02c', '#9467bd', '#ff7f0e', '#8c564b'];

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

export function renderChart(title: string, xLabel: string, series: ChartSeries[]): string {
  const xs = series.flatMap((line) => line.points.map((point) => point.x));
  const xMin = Math.min(...xs);
  const xMax = Math.max(...xs, xMin + 1);
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  // half a step of room at each end, so the end points' interval bars stand clear of the frame
  const sx = (x: number) => MARGIN.left + ((x - xMin + 0.5) / (xMax - xMin + 1)) * plotWidth;
  const sy = (y: number) => MARGIN.top + (1 - y) * plotHeight;
  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="sans-serif" font-size="12">`);
  parts.push(`<rect width="${WIDTH}" height="${HEIGHT}" fill="white"/>`);
  parts.push(`<text x="${WIDTH / 2}" y="22" text-anchor="middle" font-size="15">${escapeXml(title)}</text>`);
  for (let tick = 0; tick <= 10; tick++) {
    const y = sy(tick / 10);
    parts.push(`<line x1="${MARGIN.left}" x2="${MARGIN.left + plotWidth}" y1="${y}" y2="${y}" stroke="#e5e5e5"/>`);
    parts.push(`<text x="${MARGIN.left - 8}" y="${y + 4}" text-anchor="end">${tick * 10}%</text>`);
  }
  const step = Math.max(1, Math.ceil((xMax - xMin) / 10));
  for (let x = xMin; x <= xMax; x += step) {
    parts.push(`<line x1="${sx(x)}" x2="${sx(x)}" y1="${MARGIN.top + plotHeight}" y2="${MARGIN.top + plotHeight + 5}" stroke="black"/>`);
    parts.push(`<text x="${sx(x)}" y="${MARGIN.top + plotHeight + 20}" text-anchor="middle">${x}</text>`);
  }
  parts.push(`<rect x="${MARGIN.left}" y="${MARGIN.top}" width="${plotWidth}" height="${plotHeight}" fill="none" stroke="black"/>`);
  parts.push(`<text x="${MARGIN.left + plotWidth / 2}" y="${HEIGHT - 14}" text-anchor="middle">${escapeXml(xLabel)}</text>`);
  parts.push(`<text transform="translate(18 ${MARGIN.top + plotHeight / 2}) rotate(-90)" text-anchor="middle">win rate (95% Wilson interval)</text>`);
  series.forEach((line, index) => {
    const color = COLORS[index % COLORS.length];
    // a value where no deal was decided has no rate: no point is drawn there
    const points = [...line.points]
      .sort((a, b) => a.x - b.x)
      .map((point) => ({ x: point.x, rate: winRate(point.row) }))
      .filter((point): point is { x: number; rate: WinRate & { winRate: number; ci95: Interval } } => point.rate.winRate !== null && point.rate.ci95 !== null);
    const path = points.map((point) => `${sx(point.x).toFixed(1)},${sy(point.rate.winRate).toFixed(1)}`).join(' ');
    if (points.length > 0) parts.push(`<polyline points="${path}" fill="none" stroke="${color}" stroke-width="2"/>`);
    for (const point of points) {
      const rate = point.rate;
      const x = sx(point.x).toFixed(1);
      parts.push(`<line x1="${x}" x2="${x}" y1="${sy(rate.ci95.low).toFixed(1)}" y2="${sy(rate.ci95.high).toFixed(1)}" stroke="${color}"/>`);
      parts.push(`<circle cx="${x}" cy="${sy(rate.winRate).toFixed(1)}" r="3" fill="${color}"><title>${escapeXml(`${line.label} ${xLabel} ${point.x}: ${(100 * rate.winRate).toFixed(1)}% (${(100 * rate.ci95.low).toFixed(1)}–${(100 * rate.ci95.high).toFixed(1)}%), ${rate.deals} deals`)}</title></circle>`);
    }
    const legendY = MARGIN.top + 10 + index * 20;
    parts.push(`<line x1="${WIDTH - MARGIN.right + 14}" x2="${WIDTH - MARGIN.right + 38}" y1="${legendY}" y2="${legendY}" stroke="${color}" stroke-width="2"/>`);
    parts.push(`<text x="${WIDTH - MARGIN.right + 44}" y="${legendY + 4}">${escapeXml(line.label)}</text>`);
  });
  parts.push('</svg>');
  return parts.join('\n') + '\n';
}
