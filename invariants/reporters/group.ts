import type { Finding } from '../findings.js';
import type { CheckedFile, CheckReport } from './report.js';

/**
 * The report regrouped per log file, in one pass (reporters used to filter all findings once per
 * file, which is quadratic on a fleet): files in the order their first finding appears, then checked
 * files with nothing kept but something suppressed. Path problems (a missing PATH) have no entry in
 * `files` and come with `checked` undefined.
 */
export interface FileGroup {
  file: string;
  checked: CheckedFile | undefined;
  findings: Finding[];
}

export function groupByFile(report: CheckReport): FileGroup[] {
  const checked = new Map(report.files.map((f) => [f.file, f]));
  const groups = new Map<string, FileGroup>();
  for (const f of report.findings) {
    let g = groups.get(f.file);
    if (!g) groups.set(f.file, (g = { file: f.file, checked: checked.get(f.file), findings: [] }));
    g.findings.push(f);
  }
  for (const c of report.files) {
    if (!groups.has(c.file) && Object.keys(c.suppressed).length > 0) groups.set(c.file, { file: c.file, checked: c, findings: [] });
  }
  return [...groups.values()];
}

/** One sentence per rule the cap cut short in this file (raw text: each reporter escapes it). */
export function suppressedLines(group: Pick<FileGroup, 'checked'>): string[] {
  const suppressed = group.checked?.suppressed ?? {};
  return Object.entries(suppressed).map(([rule, n]) => `… ${n} more ${rule} finding${n === 1 ? '' : 's'} in this file not shown (per-rule cap)`);
}
