import type { FixtureResult, RunReport } from '../runner/results.js';
import { terminalSafe } from '../../invariants/text/safe-text.js';
import { makeStyle, xmlEscape, type Style } from './style.js';

/** Reporters for plugin runs. Each is a pure function from the report to text. */
export type RunReporterName = 'human' | 'json' | 'junit' | 'tap';
export const RUN_REPORTERS: readonly RunReporterName[] = ['human', 'json', 'junit', 'tap'];

function short(value: unknown): string {
  const s = typeof value === 'string' ? value : JSON.stringify(value);
  return s === undefined ? 'undefined' : s;
}

/** A labelled value; a multi-line text keeps its lines aligned under the first. */
function block(label: string, text: string): string[] {
  const [first, ...rest] = text.split('\n');
  return [`        ${label} ${first}`, ...rest.map((l) => `                   ${l}`)];
}

function human(report: RunReport, color: boolean): string {
  const st: Style = makeStyle(color);
  const lines: string[] = [];
  lines.push(st.bold(`dsh-ctx-conform ${report.tool.version} — spec ${report.spec}`));
  for (const p of report.plugins) {
    const rs = report.results.filter((r) => r.plugin === p.plugin);
    const pass = rs.filter((r) => r.status === 'pass').length;
    lines.push('');
    lines.push(`${st.bold(p.plugin)} ${st.dim(`(${p.source}, ${p.shape})`)}  ${pass}/${rs.length} fixtures pass`);
    // A warning (e.g. a lookup of a service the host does not offer) is shown once, beside the first
    // failure it may explain, not repeated under every fixture that failed for the same reason.
    const warned = new Set<string>();
    const byCategory = new Map<string, FixtureResult[]>();
    for (const r of rs) byCategory.set(r.category, [...(byCategory.get(r.category) ?? []), r]);
    for (const [category, list] of [...byCategory].sort(([a], [b]) => a.localeCompare(b))) {
      const bad = list.filter((r) => r.status !== 'pass');
      const mark = bad.length === 0 ? st.green('✓') : bad.every((r) => r.expected) ? st.yellow('~') : st.red('✗');
      lines.push(`  ${mark} ${category} ${st.dim(`${list.length - bad.length}/${list.length}`)}`);
      for (const r of bad) {
        const tag = r.status === 'error' ? st.red('ERROR') : st.red('FAIL');
        lines.push(`      ${r.expected ? st.yellow('expected') : tag} ${r.title} ${st.dim(`[${r.fixture}]`)}`);
        lines.push(`        ${r.message}`);
        for (const w of r.warnings ?? []) {
          if (warned.has(w)) continue;
          warned.add(w);
          lines.push(`        ${st.yellow('warning:')} ${terminalSafe(w)}`);
        }
        if (r.diff) {
          lines.push(st.dim(`        at ${r.diff.path}`));
          lines.push(...block(st.green('- expected'), short(r.diff.expected)));
          lines.push(...block(st.red('+ actual  '), short(r.diff.actual)));
        }
        if (r.path) lines.push(st.dim(`        reproduce: ${r.path}/ (initial.jsonl + actions in fixture.json → expected.jsonl)`));
      }
    }
  }
  const noted = report.results.filter((r) => r.status === 'pass' && r.infos?.length).length;
  if (noted) lines.push('', st.dim(`${noted} passing fixture(s) differ only in what the spec leaves open (an error's class or a load failure's wording); the json reporter lists them as infos`));
  for (const prop of report.properties) {
    lines.push('');
    const mark = prop.status === 'pass' ? st.green('✓') : st.red('✗');
    lines.push(`${mark} property: ${prop.plugin} agrees with the reference over ${prop.runs} generated sessions (seed ${prop.seed})`);
    if (prop.status !== 'pass') {
      lines.push(`    ${prop.message}`);
      if (prop.counterexample) lines.push(`    counterexample written to ${prop.counterexample}`);
    }
  }
  if (report.stale.length) {
    lines.push('');
    lines.push(st.red(`Stale baseline: ${report.stale.length} expected failure(s) now pass — remove them (or run --update-baseline): ${report.stale.join(', ')}`));
  }
  const s = report.summary;
  lines.push('');
  lines.push(
    `${st.bold('Summary:')} ${st.green(`${s.pass} passed`)}, ${s.fail ? st.red(`${s.fail} failed`) : '0 failed'}, ${s.error ? st.red(`${s.error} errors`) : '0 errors'}` +
      (s.expectedFailures ? `, ${st.yellow(`${s.expectedFailures} expected failures`)}` : '') +
      (s.stale ? `, ${st.red(`${s.stale} stale`)}` : ''),
  );
  return lines.join('\n') + '\n';
}

function junit(report: RunReport): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  out.push(`<testsuites name="dsh-ctx-conform" tests="${report.results.length}" failures="${report.summary.fail}" errors="${report.summary.error}">`);
  for (const p of report.plugins) {
    const rs = report.results.filter((r) => r.plugin === p.plugin);
    out.push(`  <testsuite name="${xmlEscape(p.plugin)}" tests="${rs.length}" failures="${rs.filter((r) => r.status === 'fail').length}" errors="${rs.filter((r) => r.status === 'error').length}">`);
    for (const r of rs) {
      out.push(`    <testcase classname="${xmlEscape(`${p.source}.${r.category}`)}" name="${xmlEscape(`${r.title} [${r.fixture}]`)}" time="${(r.durationMs / 1000).toFixed(3)}">`);
      if (r.status === 'fail') out.push(`      <failure message="${xmlEscape(r.message)}">${xmlEscape(r.diff ? `at ${r.diff.path}\nexpected: ${short(r.diff.expected)}\nactual: ${short(r.diff.actual)}` : r.message)}</failure>`);
      if (r.status === 'error') out.push(`      <error message="${xmlEscape(r.message)}"/>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return out.join('\n') + '\n';
}

function tap(report: RunReport): string {
  const out: string[] = ['TAP version 14', `1..${report.results.length}`];
  report.results.forEach((r, i) => {
    const ok = r.status === 'pass';
    const directive = !ok && r.expected ? ' # TODO expected failure' : '';
    out.push(`${ok ? 'ok' : 'not ok'} ${i + 1} - ${r.plugin} ${r.source}/${r.category}: ${r.title} [${r.fixture}]${directive}`);
    if (!ok) {
      out.push('  ---');
      out.push(`  status: ${r.status}`);
      out.push(`  message: ${JSON.stringify(r.message)}`);
      if (r.diff) out.push(`  at: ${JSON.stringify(r.diff.path)}`, `  expected: ${JSON.stringify(short(r.diff.expected))}`, `  actual: ${JSON.stringify(short(r.diff.actual))}`);
      out.push('  ...');
    }
  });
  return out.join('\n') + '\n';
}

export function renderRunReport(name: RunReporterName, report: RunReport, color = false): string {
  switch (name) {
    case 'human':
      return human(report, color);
    case 'json':
      return JSON.stringify(report, null, 2) + '\n';
    case 'junit':
      return junit(report);
    case 'tap':
      return tap(report);
  }
}
