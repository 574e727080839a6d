/**
 * A small, dependency-free SVG renderer for log-log line charts (benchmark cost against input size).
 * Several panels side by side share the y scale, so lines can be compared across panels by eye; each
 * series is a polyline with point markers, and every panel has its own legend under the plot.
 */

export interface ChartPoint {
  x: number;
  y: number;
}

export interface ChartSeries {
  label: string;
  color: string;
  /** SVG stroke-dasharray, e.g. '6 4'; solid when omitted. */
  dash?: string;
  points: ChartPoint[];
}

export interface ChartPanel {
  title: string;
  series: ChartSeries[];
}

export interface LogLogChart {
  title: string;
  subtitle?: string;
  xLabel: string;
  yLabel: string;
  panels: ChartPanel[];
  /** Tick label for an axis value (default: compact numbers like 1e3, 10, 0.1). */
  formatX?: (value: number) => string;
  formatY?: (value: number) => string;
}

const PANEL_WIDTH = 560;
const PLOT_HEIGHT = 380;
const MARGIN = { left: 78, right: 24, top: 70, bottom: 56 };
const LEGEND_LINE = 18;

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Powers of ten covering [min, max] (at least one decade). */
export function decades(min: number, max: number): number[] {
  if (!(min > 0 && max > 0)) throw new RangeError(`log axis needs positive values, got ${min}..${max}`);
  const lo = Math.floor(Math.log10(min));
  let hi = Math.ceil(Math.log10(max));
  if (hi === lo) hi = lo + 1;
  return Array.from({ length: hi - lo + 1 }, (_, i) => 10 ** (lo + i));
}

export function compactNumber(value: number): string {
  const exp = Math.round(Math.log10(value));
  if (Math.abs(value - 10 ** exp) < 1e-9 * value && (exp >= 3 || exp <= -3)) return `1e${exp}`;
  return String(Number(value.toPrecision(3)));
}

const fmt = (v: number) => (Math.round(v * 10) / 10).toString();

export function renderLogLogChart(chart: LogLogChart): string {
  const all = chart.panels.flatMap((p) => p.series.flatMap((s) => s.points));
  if (all.length === 0) throw new RangeError('chart has no points');
  const xTicks = decades(Math.min(...all.map((p) => p.x)), Math.max(...all.map((p) => p.x)));
  const yTicks = decades(Math.min(...all.map((p) => p.y)), Math.max(...all.map((p) => p.y)));
  const formatX = chart.formatX ?? compactNumber;
  const formatY = chart.formatY ?? compactNumber;
  const legendRows = Math.max(...chart.panels.map((p) => p.series.length));
  const plotWidth = PANEL_WIDTH - MARGIN.left - MARGIN.right;
  const width = PANEL_WIDTH * chart.panels.length;
  const height = MARGIN.top + PLOT_HEIGHT + MARGIN.bottom + legendRows * LEGEND_LINE + 16;
  const lx = (v: number) => Math.log10(v);
  const [x0, x1] = [lx(xTicks[0]), lx(xTicks[xTicks.length - 1])];
  const [y0, y1] = [lx(yTicks[0]), lx(yTicks[yTicks.length - 1])];
  const out: string[] = [];
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`);
  out.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(`<text x="${width / 2}" y="24" text-anchor="middle" font-size="16" font-weight="bold">${escapeXml(chart.title)}</text>`);
  if (chart.subtitle) out.push(`<text x="${width / 2}" y="42" text-anchor="middle" fill="#555555">${escapeXml(chart.subtitle)}</text>`);
  chart.panels.forEach((panel, index) => {
    const left = index * PANEL_WIDTH + MARGIN.left;
    const top = MARGIN.top;
    const px = (v: number) => left + ((lx(v) - x0) / (x1 - x0)) * plotWidth;
    const py = (v: number) => top + PLOT_HEIGHT - ((lx(v) - y0) / (y1 - y0)) * PLOT_HEIGHT;
    out.push(`<g class="panel">`);
    out.push(`<text x="${fmt(left + plotWidth / 2)}" y="${top - 10}" text-anchor="middle" font-size="14" font-weight="bold">${escapeXml(panel.title)}</text>`);
    for (const t of xTicks) {
      out.push(`<line x1="${fmt(px(t))}" y1="${top}" x2="${fmt(px(t))}" y2="${top + PLOT_HEIGHT}" stroke="#e4e4e4"/>`);
      out.push(`<text x="${fmt(px(t))}" y="${top + PLOT_HEIGHT + 16}" text-anchor="middle">${escapeXml(formatX(t))}</text>`);
    }
    for (const t of yTicks) {
      out.push(`<line x1="${left}" y1="${fmt(py(t))}" x2="${left + plotWidth}" y2="${fmt(py(t))}" stroke="#e4e4e4"/>`);
      out.push(`<text x="${left - 6}" y="${fmt(py(t) + 4)}" text-anchor="end">${escapeXml(formatY(t))}</text>`);
    }
    out.push(`<rect x="${left}" y="${top}" width="${plotWidth}" height="${PLOT_HEIGHT}" fill="none" stroke="#333333"/>`);
    out.push(`<text x="${fmt(left + plotWidth / 2)}" y="${top + PLOT_HEIGHT + 36}" text-anchor="middle">${escapeXml(chart.xLabel)}</text>`);
    const yMid = top + PLOT_HEIGHT / 2;
    out.push(`<text x="${left - 58}" y="${fmt(yMid)}" text-anchor="middle" transform="rotate(-90 ${left - 58} ${fmt(yMid)})">${escapeXml(chart.yLabel)}</text>`);
    for (const series of panel.series) {
      const pts = [...series.points].sort((a, b) => a.x - b.x);
      const dash = series.dash ? ` stroke-dasharray="${series.dash}"` : '';
      out.push(`<polyline class="series" data-label="${escapeXml(series.label)}" fill="none" stroke="${series.color}" stroke-width="2"${dash} points="${pts.map((p) => `${fmt(px(p.x))},${fmt(py(p.y))}`).join(' ')}"/>`);
      for (const p of pts) out.push(`<circle cx="${fmt(px(p.x))}" cy="${fmt(py(p.y))}" r="3" fill="${series.color}"/>`);
    }
    panel.series.forEach((series, row) => {
      const y = top + PLOT_HEIGHT + MARGIN.bottom + row * LEGEND_LINE;
      const dash = series.dash ? ` stroke-dasharray="${series.dash}"` : '';
      out.push(`<line x1="${left}" y1="${y}" x2="${left + 28}" y2="${y}" stroke="${series.color}" stroke-width="2"${dash}/>`);
      out.push(`<text class="legend" x="${left + 36}" y="${y + 4}">${escapeXml(series.label)}</text>`);
    });
    out.push(`</g>`);
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
