import type { Finding } from '../findings.js';
import { xmlSafe } from '../text/safe-text.js';
import { groupByFile, suppressedLines } from './group.js';
import type { CheckReport } from './report.js';

/**
 * JUnit XML for CI dashboards: one test case per log file (and per PATH that could not be read). A
 * file with error findings fails its case, an unreadable file is an `<error>`, warnings and infos go
 * to `<system-out>`, and what the per-rule cap left out is said in the case's text. Streamed one test
 * case at a time; the verdict of a case comes from the file's status, so it holds even when
 * `--max-findings` left all of its findings out of the report.
 */
export function* renderJunit(report: CheckReport): Generator<string> {
  const groups = new Map(groupByFile(report).map((g) => [g.file, g]));
  const cases: Array<{ file: string; status: string }> = report.files.map((f) => ({ file: f.file, status: f.status }));
  const known = new Set(report.files.map((f) => f.file));
  for (const file of groups.keys()) if (!known.has(file)) cases.push({ file, status: 'unreadable' });
  const failures = cases.filter((c) => c.status === 'violations').length;
  const errors = cases.filter((c) => c.status === 'unreadable').length;
  yield '<?xml version="1.0" encoding="UTF-8"?>\n';
  yield `<testsuites name="dsh-ctx-conform check" tests="${cases.length}" failures="${failures}" errors="${errors}">\n`;
  yield `  <testsuite name="spec ${xmlSafe(report.spec)}" tests="${cases.length}" failures="${failures}" errors="${errors}">\n`;
  for (const { file, status } of cases) {
    const group = groups.get(file);
    const findings = group?.findings ?? [];
    const text = (keep: (f: Finding) => boolean) =>
      findings
        .filter(keep)
        .map((f) => `${f.rule} line ${f.line ?? '-'} seq ${f.seq ?? '-'}: ${f.message}`)
        .join('\n');
    const errorText = text((f) => f.severity === 'error');
    const other = [text((f) => f.severity === 'warning'), text((f) => f.severity === 'info'), ...suppressedLines(group ?? { checked: undefined })].filter(Boolean).join('\n');
    let body = '';
    if (status === 'unreadable') {
      body += `<error message="unreadable log" type="unreadable">${xmlSafe(errorText)}</error>`;
    } else if (status === 'violations') {
      const first = findings.find((f) => f.severity === 'error');
      const count = findings.filter((f) => f.severity === 'error').length;
      const message = count > 0 ? `${count} invariant violation(s)` : 'invariant violations (findings left out by --max-findings)';
      body += `<failure message="${message}" type="${xmlSafe(first?.rule ?? 'violations')}">${xmlSafe(errorText)}</failure>`;
    }
    if (other) body += `<system-out>${xmlSafe(other)}</system-out>`;
    yield `    <testcase classname="dsh-ctx-conform.check" name="${xmlSafe(file)}">${body}</testcase>\n`;
  }
  yield '  </testsuite>\n';
  yield '</testsuites>\n';
}
