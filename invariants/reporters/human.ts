import type { Finding, Severity } from '../findings.js';
import type { CheckReport } from './report.js';

/**
 * For a person at a terminal: findings grouped by file, one line each
 * (`file:line seq N  RULE-ID  message`), then one summary line. Colour is decided by the caller
 * (TTY, NO_COLOR, FORCE_COLOR) and passed in, so the output is testable.
 */
export interface HumanOptions {
  color: boolean;
}

const codes = { red: 31, yellow: 33, blue: 34, green: 32, dim: 2, bold: 1 } as const;

export function renderHuman(report: CheckReport, { color }: HumanOptions): string {
  const paint = (code: keyof typeof codes, text: string) => (color ? `\u001b[${codes[code]}m${text}\u001b[0m` : text);
  const severityColor: Record<Severity, keyof typeof codes> = { error: 'red', warning: 'yellow', info: 'blue' };
  const byFile = new Map<string, Finding[]>();
  for (const f of report.findings) {
    const list = byFile.get(f.file) ?? [];
    list.push(f);
    byFile.set(f.file, list);
  }
  const status = new Map(report.files.map((f) => [f.file, f]));
  const lines: string[] = [];
  for (const [file, findings] of byFile) {
    const info = status.get(file);
    const head = info ? `${file} ${paint('dim', `(${info.events} events, ${info.status})`)}` : file;
    lines.push(paint('bold', head));
    for (const f of findings) {
      const where = `${f.file}${f.line !== null ? `:${f.line}` : ''}${f.seq !== null ? ` seq ${f.seq}` : ''}`;
      lines.push(`  ${where}  ${paint(severityColor[f.severity], f.severity.padEnd(7))} ${paint('bold', f.rule)}  ${f.message}`);
    }
    lines.push('');
  }
  const s = report.summary;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [plural(s.errors, 'error'), plural(s.warnings, 'warning'), plural(s.infos, 'info')];
  const fileText = `${plural(s.files, 'file')}, ${plural(s.events, 'event')}`;
  const extra = [s.unreadable > 0 ? `${s.unreadable} unreadable` : '', s.findingsOmitted > 0 ? `${s.findingsOmitted} findings not shown (--max-findings)` : '', s.shard ? `shard ${s.shard}` : '']
    .filter(Boolean)
    .join(', ');
  const clean = s.errors === 0 && s.unreadable === 0;
  const verdict = clean ? paint('green', '✓') : paint('red', '✗');
  lines.push(`${verdict} ${fileText} checked against spec ${report.spec}: ${parts.join(', ')}${extra ? ` (${extra})` : ''}`);
  return `${lines.join('\n')}\n`;
}
