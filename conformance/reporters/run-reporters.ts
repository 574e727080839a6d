import { terminalSafe, xmlSafe } from '../../invariants/text/safe-text.js';
import { resultMessage } from '../results/messages.js';
import type { FixtureResult, RunReport } from '../runner/results.js';
import { makeStyle, type Style } from './style.js';

/**
 * Reporters for plugin runs. Each is a pure function from the report to text. Everything in a report
 * may have come from a plugin (its name, its messages, its output, the values in a diff), so every
 * string goes through `terminalSafe` (human, TAP) or `xmlSafe` (JUnit) on its way out. A result's text
 * comes from its reason, rendered by `conformance/results/messages.ts` (`resultMessage`).
 */
export type RunReporterName = 'human' | 'json' | 'junit' | 'tap';
export const RUN_REPORTERS: readonly RunReporterName[] = ['human', 'json', 'junit', 'tap'];

export interface RenderOptions {
  /** Show captured output of passing fixtures too (it is always shown for failures and errors). */
  showOutput?: boolean;
}

function short(value: unknown): string {
  const s = typeof value === 'string' ? value : JSON.stringify(value);
  return s === undefined ? 'undefined' : s;
}

const safe = (s: string) => terminalSafe(s);
const safeLines = (s: string) => terminalSafe(s, { multiline: true });

/** A labelled value; a multi-line text keeps its lines aligned under the first. */
function block(label: string, text: string): string[] {
  const [first, ...rest] = safeLines(text).split('\n');
  return [`        ${label} ${first}`, ...rest.map((l) => `                   ${l}`)];
}

function outputLines(r: FixtureResult, st: Style): string[] {
  if (!r.output) return [];
  const lines: string[] = [];
  for (const stream of ['stdout', 'stderr'] as const) {
    const text = r.output[stream].replace(/\n$/, '');
    if (!text) continue;
    lines.push(st.dim(`        plugin ${stream}:`));
    for (const l of safeLines(text).split('\n')) lines.push(`          ${st.dim('│')} ${l}`);
  }
  return lines;
}

function human(report: RunReport, color: boolean, options: RenderOptions): string {
  const st: Style = makeStyle(color);
  // Which suite judged each plugin, and any waivers in force, open the report (spec/contributor.md).
  const lines: string[] = (report.preamble ?? []).map((l) => safe(l));
  lines.push(st.bold(`dsh-ctx-conform ${report.tool.version} — spec ${report.spec}`));
  for (const p of report.plugins) {
    const rs = report.results.filter((r) => r.plugin === p.plugin);
    const pass = rs.filter((r) => r.status === 'pass').length;
    lines.push('');
    if (p.loadError !== undefined) lines.push(`${st.bold(safe(p.plugin))} ${st.red('could not be loaded')}`);
    else lines.push(`${st.bold(safe(p.plugin))} ${st.dim(`(${p.source}, ${p.shape})`)}  ${pass}/${rs.length} fixtures pass`);
    // A warning (e.g. a lookup of a service the host does not offer) is shown once, beside the first
    // failure it may explain, not repeated under every fixture that failed for the same reason.
    const warned = new Set<string>();
    const byCategory = new Map<string, FixtureResult[]>();
    for (const r of rs) byCategory.set(r.category, [...(byCategory.get(r.category) ?? []), r]);
    for (const [category, list] of [...byCategory].sort(([a], [b]) => a.localeCompare(b))) {
      const bad = list.filter((r) => r.status !== 'pass');
      const mark = bad.length === 0 ? st.green('✓') : bad.every((r) => r.expected) ? st.yellow('~') : st.red('✗');
      lines.push(`  ${mark} ${safe(category)} ${st.dim(`${list.length - bad.length}/${list.length}`)}`);
      for (const r of list) {
        if (r.status === 'pass') {
          if (options.showOutput && r.output) lines.push(`      ${st.green('pass')} ${safe(r.title)} ${st.dim(`[${safe(r.fixture)}]`)}`, ...outputLines(r, st));
          continue;
        }
        const tag = r.status === 'error' ? st.red('ERROR') : st.red('FAIL');
        lines.push(`      ${r.expected ? st.yellow('expected') : tag} ${safe(r.title)} ${st.dim(`[${safe(r.fixture)}]`)}`);
        for (const l of safeLines(resultMessage(r)).split('\n')) lines.push(`        ${l}`);
        for (const w of r.warnings ?? []) {
          if (warned.has(w)) continue;
          warned.add(w);
          lines.push(`        ${st.yellow('warning:')} ${safe(w)}`);
        }
        if (r.diff) {
          lines.push(st.dim(`        at ${safe(r.diff.path)}`));
          lines.push(...block(st.green('- expected'), short(r.diff.expected)));
          lines.push(...block(st.red('+ actual  '), short(r.diff.actual)));
        }
        lines.push(...outputLines(r, st));
        if (r.path) lines.push(st.dim(`        reproduce: ${safe(r.path)}/ (initial.jsonl + actions in fixture.json → expected.jsonl)`));
      }
    }
  }
  const noted = report.results.filter((r) => r.status === 'pass' && r.infos?.length).length;
  if (noted) lines.push('', st.dim(`${noted} passing fixture(s) differ only in what the spec leaves open (an error's class or a load failure's wording); the json reporter lists them as infos`));
  for (const prop of report.properties) {
    lines.push('');
    const mark = prop.status === 'pass' ? st.green('✓') : st.red('✗');
    lines.push(`${mark} property: ${safe(prop.plugin)} agrees with the reference over ${prop.runs} generated sessions (seed ${prop.seed})`);
    if (prop.status !== 'pass') {
      for (const l of safeLines(resultMessage(prop)).split('\n')) lines.push(`    ${l}`);
      if (prop.counterexample) lines.push(`    counterexample written to ${safe(prop.counterexample)}`);
    }
  }
  if (report.stale.length) {
    lines.push('');
    lines.push(st.red(`Stale baseline: ${report.stale.length} expected failure(s) now pass — remove them (or run --update-baseline): ${safe(report.stale.join(', '))}`));
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

function junit(report: RunReport, options: RenderOptions): string {
  // CI pages and terminals show these texts: control and bidi characters made visible, then XML-escaped.
  const x = (s: string) => xmlSafe(terminalSafe(s, { multiline: true }));
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  out.push(`<testsuites name="dsh-ctx-conform" tests="${report.results.length}" failures="${report.summary.fail}" errors="${report.summary.error}">`);
  for (const p of report.plugins) {
    const rs = report.results.filter((r) => r.plugin === p.plugin);
    out.push(`  <testsuite name="${x(p.plugin)}" tests="${rs.length}" failures="${rs.filter((r) => r.status === 'fail').length}" errors="${rs.filter((r) => r.status === 'error').length}">`);
    for (const r of rs) {
      out.push(`    <testcase classname="${x(`${p.source}.${r.category}`)}" name="${x(`${r.title} [${r.fixture}]`)}" time="${(r.durationMs / 1000).toFixed(3)}">`);
      const message = resultMessage(r);
      if (r.status === 'fail') out.push(`      <failure message="${x(message)}">${x(r.diff ? `at ${r.diff.path}\nexpected: ${short(r.diff.expected)}\nactual: ${short(r.diff.actual)}` : message)}</failure>`);
      if (r.status === 'error') out.push(`      <error message="${x(message.split('\n')[0] ?? '')}">${x(message)}</error>`);
      if (r.output && (r.status !== 'pass' || options.showOutput)) {
        if (r.output.stdout) out.push(`      <system-out>${x(r.output.stdout)}</system-out>`);
        if (r.output.stderr) out.push(`      <system-err>${x(r.output.stderr)}</system-err>`);
      }
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return out.join('\n') + '\n';
}

/** A YAML-safe, terminal-safe scalar for TAP diagnostics. */
function q(value: string): string {
  return JSON.stringify(terminalSafe(value, { multiline: true }));
}

function tap(report: RunReport, options: RenderOptions): string {
  const out: string[] = ['TAP version 14', `1..${report.results.length}`];
  report.results.forEach((r, i) => {
    const ok = r.status === 'pass';
    const directive = !ok && r.expected ? ' # TODO expected failure' : '';
    // A description must stay on one line and must not contain a directive marker of its own.
    out.push(`${ok ? 'ok' : 'not ok'} ${i + 1} - ${safe(`${r.plugin} ${r.source}/${r.category}: ${r.title} [${r.fixture}]`).replace(/#/g, '\\#')}${directive}`);
    if (!ok || (options.showOutput && r.output)) {
      out.push('  ---');
      out.push(`  status: ${r.status}`);
      if (!ok) out.push(`  message: ${q(resultMessage(r))}`);
      if (r.diff) out.push(`  at: ${q(r.diff.path)}`, `  expected: ${q(short(r.diff.expected))}`, `  actual: ${q(short(r.diff.actual))}`);
      if (r.output?.stdout) out.push(`  stdout: ${q(r.output.stdout)}`);
      if (r.output?.stderr) out.push(`  stderr: ${q(r.output.stderr)}`);
      out.push('  ...');
    }
  });
  return out.join('\n') + '\n';
}

/**
 * JSON.stringify escapes C0 controls but writes C1 controls and bidi/invisible characters raw; as
 * `\uXXXX` escapes they are the same JSON value and harmless on a terminal.
 */
function jsonSafe(json: string): string {
  return json.replace(/[\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

export function renderRunReport(name: RunReporterName, report: RunReport, color = false, options: RenderOptions = {}): string {
  switch (name) {
    case 'human':
      return human(report, color, options);
    case 'json':
      // Each result's (and property's) `message` is its reason rendered (the reason itself is in the result too).
      return jsonSafe(JSON.stringify({ ...report, results: report.results.map((r) => ({ ...r, message: resultMessage(r) })), properties: report.properties.map((p) => ({ ...p, message: resultMessage(p) })) }, null, 2)) + '\n';
    case 'junit':
      return junit(report, options);
    case 'tap':
      return tap(report, options);
  }
}
