import type { CheckReport } from './report.js';

/**
 * JUnit XML for CI dashboards: one test case per log file. Error findings fail the case, an
 * unreadable file is an `<error>`, warnings and infos go to `<system-out>`.
 */
const xml = (s: string) =>
  s
    // XML 1.0 cannot carry most control characters even escaped; drop them.
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

export function renderJunit(report: CheckReport): string {
  const cases: string[] = [];
  let failures = 0;
  let errors = 0;
  const files = report.files.length > 0 ? report.files : [];
  const fileLevel = report.findings.filter((f) => !files.some((x) => x.file === f.file));
  const all = [...files.map((f) => ({ file: f.file, status: f.status as string })), ...[...new Set(fileLevel.map((f) => f.file))].map((file) => ({ file, status: 'unreadable' }))];
  for (const { file, status } of all) {
    const findings = report.findings.filter((f) => f.file === file);
    const render = (sev: string) =>
      findings
        .filter((f) => f.severity === sev)
        .map((f) => `${f.rule} line ${f.line ?? '-'} seq ${f.seq ?? '-'}: ${f.message}`)
        .join('\n');
    const errorText = render('error');
    const other = [render('warning'), render('info')].filter(Boolean).join('\n');
    let body = '';
    if (status === 'unreadable') {
      errors++;
      body += `<error message="unreadable log" type="unreadable">${xml(errorText)}</error>`;
    } else if (errorText) {
      failures++;
      const count = findings.filter((f) => f.severity === 'error').length;
      body += `<failure message="${count} invariant violation(s)" type="${xml(findings.find((f) => f.severity === 'error')!.rule)}">${xml(errorText)}</failure>`;
    }
    if (other) body += `<system-out>${xml(other)}</system-out>`;
    cases.push(`    <testcase classname="dsh-ctx-conform.check" name="${xml(file)}">${body}</testcase>`);
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="dsh-ctx-conform check" tests="${all.length}" failures="${failures}" errors="${errors}">`,
    `  <testsuite name="spec ${xml(report.spec)}" tests="${all.length}" failures="${failures}" errors="${errors}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
