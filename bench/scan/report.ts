import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { renderLogLogChart, type ChartSeries } from '../svg-chart.js';
import type { ScanResults } from './results.js';

/**
 * Human-readable views of {@link ScanResults}: the markdown table (`scan.md`, and the README block
 * between the bench markers) and the log-log chart (`scan.svg`).
 */

export const README_START = '<!-- bench:scan:start -->';
export const README_END = '<!-- bench:scan:end -->';

export function formatMicros(us: number): string {
  if (us >= 1000) return `${(us / 1000).toPrecision(3)} ms`;
  return `${us.toPrecision(3)} µs`;
}

export function formatSize(n: number): string {
  const exp = Math.log10(n);
  return Number.isInteger(exp) ? `1e${exp}` : String(n);
}

function ratioText(r: number): string {
  return r >= 100 ? `${Math.round(r)}×` : `${r.toPrecision(2)}×`;
}

/** The tables (no heading): cost per pre-step by size, ratio row, growth exponent; then the targets. */
export function renderTable(results: ScanResults): string {
  const sizes = results.settings.sizes;
  const lines: string[] = [];
  lines.push(`| source | shape | implementation | ${sizes.map(formatSize).join(' | ')} | growth exponent |`);
  lines.push(`|---|---|---|${sizes.map(() => '---:').join('|')}|---:|`);
  for (const source of ['time-context', 'tmux-context'] as const) {
    for (const shape of results.shapes) {
      for (const implementation of ['reference', 'upstream'] as const) {
        const cells = sizes.map((size) => {
          const f = results.figures.find((x) => x.source === source && x.shape === shape.id && x.size === size && x.implementation === implementation);
          return f === undefined ? '–' : formatMicros(f.meanUs);
        });
        const e = results.exponents.find((x) => x.source === source && x.shape === shape.id && x.implementation === implementation);
        lines.push(`| ${source} | ${shape.id} | ${implementation} | ${cells.join(' | ')} | ${e === undefined ? '–' : e.exponent.toFixed(2)} |`);
      }
      const ratios = sizes.map((size) => {
        const r = results.ratios.find((x) => x.source === source && x.shape === shape.id && x.size === size);
        return r === undefined ? '–' : `**${ratioText(r.upstreamOverReference)}**`;
      });
      lines.push(`| ${source} | ${shape.id} | upstream ÷ reference | ${ratios.join(' | ')} | |`);
    }
  }
  lines.push('');
  lines.push(`Targets at ${formatSize(results.settings.targetSize)} events: reference at least 20× cheaper than upstream per pre-step; reference cost within 3× of its cost at the smallest size (restart-first pays the first-sight walk back through the log by design and is exempt).`);
  lines.push('');
  lines.push('| source | shape | upstream ÷ reference (mean) | ≥ 20× | (p50) | reference growth (mean) | ≤ 3× | (p50) |');
  lines.push('|---|---|---:|:---:|---:|---:|:---:|---:|');
  for (const t of results.targets) {
    lines.push(
      `| ${t.source} | ${t.shape} | ${ratioText(t.ratioAtTarget)} | ${t.ratioMet ? 'yes' : 'no'} | ${ratioText(t.ratioAtTargetP50)} | ${t.referenceGrowth.toFixed(2)}× | ${t.growthApplies ? (t.growthMet ? 'yes' : 'no') : 'n/a'} | ${t.referenceGrowthP50.toFixed(2)}× |`,
    );
  }
  const m = results.machine;
  lines.push('');
  lines.push(`Mean time per \`agent/pre-step\` listener call (tinybench ${results.settings.quick ? 'quick run' : 'full run'}), ${results.date.slice(0, 10)}, Node ${m.node}, ${m.cpu} (${m.cores} cores, load ${m.loadAverage} at start). Growth exponent: least-squares slope of log(cost) on log(events).`);
  return lines.join('\n');
}

/** p50 and p99 per cell: the mean above includes the occasional GC pause, which these separate out. */
export function renderDistribution(results: ScanResults): string {
  const sizes = results.settings.sizes;
  const lines = [`| source | shape | implementation | ${sizes.map(formatSize).join(' | ')} |`, `|---|---|---|${sizes.map(() => '---:').join('|')}|`];
  for (const source of ['time-context', 'tmux-context'] as const) {
    for (const shape of results.shapes) {
      for (const implementation of ['reference', 'upstream'] as const) {
        const cells = sizes.map((size) => {
          const f = results.figures.find((x) => x.source === source && x.shape === shape.id && x.size === size && x.implementation === implementation);
          return f === undefined ? '–' : `${formatMicros(f.p50Us)} / ${formatMicros(f.p99Us)} (n=${f.samples})`;
        });
        lines.push(`| ${source} | ${shape.id} | ${implementation} | ${cells.join(' | ')} |`);
      }
    }
  }
  return lines.join('\n');
}

export function renderMarkdown(results: ScanResults): string {
  const out: string[] = [];
  out.push('# Interval scheduling: cost of one pre-step against session length');
  out.push('');
  out.push(results.description);
  out.push('');
  out.push('Shapes:');
  out.push('');
  for (const shape of results.shapes) out.push(`- **${shape.id}** (${shape.mode}, log \`${shape.log}\`): ${shape.description}`);
  out.push('');
  out.push(renderTable(results));
  out.push('');
  out.push('## Distribution (p50 / p99 per pre-step)');
  out.push('');
  out.push(renderDistribution(results));
  out.push('');
  out.push('Notes:');
  out.push('');
  for (const note of results.settings.notes) out.push(`- ${note}`);
  out.push('');
  out.push('Chart: [scan.svg](scan.svg). Raw figures (p50, p99, samples, min/max): [scan.json](scan.json). Regenerate with `npm run bench`.');
  return `${out.join('\n')}\n`;
}

/**
 * Put `table` between the bench markers of `readmePath`, appending a `## Benchmarks` section with the
 * markers when the README has none. Returns false (and writes nothing) when there is no README.
 */
export function updateReadme(readmePath: string, table: string): boolean {
  if (!existsSync(readmePath)) return false;
  const text = readFileSync(readmePath, 'utf8');
  writeFileSync(readmePath, spliceBetweenMarkers(text, table));
  return true;
}

export function spliceBetweenMarkers(text: string, table: string): string {
  const block = `${README_START}\n${table}\n${README_END}`;
  const start = text.indexOf(README_START);
  const end = text.indexOf(README_END);
  if (start >= 0 && end > start) return text.slice(0, start) + block + text.slice(end + README_END.length);
  const separator = text.length === 0 || text.endsWith('\n\n') ? '' : text.endsWith('\n') ? '\n' : '\n\n';
  return `${text}${separator}## Benchmarks\n\n${block}\n`;
}

const SHAPE_COLORS: Record<string, string> = {
  'every-step': '#1f77b4',
  suppressed: '#d62728',
  'no-reading': '#9467bd',
  compacted: '#2ca02c',
  'restart-first': '#ff7f0e',
  'restart-steady': '#8c564b',
};

export function renderChart(results: ScanResults): string {
  const panels = (['time-context', 'tmux-context'] as const).map((source) => {
    const series: ChartSeries[] = [];
    for (const implementation of ['upstream', 'reference'] as const) {
      for (const shape of results.shapes) {
        const points = results.figures
          .filter((f) => f.source === source && f.shape === shape.id && f.implementation === implementation)
          .map((f) => ({ x: f.size, y: f.meanUs }));
        if (points.length === 0) continue;
        series.push({ label: `${implementation} · ${shape.id}`, color: SHAPE_COLORS[shape.id] ?? '#333333', dash: implementation === 'upstream' ? '7 4' : undefined, points });
      }
    }
    return { title: source, series };
  });
  return renderLogLogChart({
    title: 'Cost of one agent/pre-step against session length',
    subtitle: `solid: reference · dashed: published rc.8 · ${results.machine.cpu}, Node ${results.machine.node}`,
    xLabel: 'events in the session log (nominal size)',
    yLabel: 'time per pre-step (µs, mean)',
    panels,
  });
}
