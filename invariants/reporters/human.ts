import type { Finding, Severity } from '../findings.js';
import { terminalSafe } from '../text/safe-text.js';
import { groupByFile, suppressedLines } from './group.js';
import type { CheckReport } from './report.js';

/**
 * For a person at a terminal: findings grouped by file, one line each
 * (`file:line seq N  RULE-ID  message`), what the per-rule cap left out, then one summary line.
 * Colour is decided by the caller (TTY, NO_COLOR, FORCE_COLOR) and passed in, so the output is
 * testable. Everything that came from a log or a path goes through `terminalSafe`: a directory name or
 * a message cannot move the cursor, recolour, retitle the terminal or forge a summary line.
 */
export interface HumanOptions {
  color: boolean;
}

const codes = { red: 31, yellow: 33, blue: 34, green: 32, dim: 2, bold: 1 } as const;

export function* renderHuman(report: CheckReport, { color }: HumanOptions): Generator<string> {
  const paint = (code: keyof typeof codes, text: string) => (color ? `\u001b[${codes[code]}m${text}\u001b[0m` : text);
  const severityColor: Record<Severity, keyof typeof codes> = { error: 'red', warning: 'yellow', info: 'blue' };
  const line = (f: Finding): string => {
    const where = `${terminalSafe(f.file)}${f.line !== null ? `:${f.line}` : ''}${f.seq !== null ? ` seq ${f.seq}` : ''}`;
    return `  ${where}  ${paint(severityColor[f.severity], f.severity.padEnd(7))} ${paint('bold', terminalSafe(f.rule))}  ${terminalSafe(f.message)}\n`;
  };
  for (const group of groupByFile(report)) {
    const info = group.checked;
    const name = terminalSafe(group.file);
    yield `${paint('bold', info ? `${name} ${paint('dim', `(${info.events} events, ${info.status})`)}` : name)}\n`;
    for (const f of group.findings) yield line(f);
    for (const text of suppressedLines(group)) yield `  ${paint('dim', terminalSafe(text))}\n`;
    yield '\n';
  }
  const s = report.summary;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [plural(s.errors, 'error'), plural(s.warnings, 'warning'), plural(s.infos, 'info')];
  const fileText = `${plural(s.files, 'file')}, ${plural(s.events, 'event')}`;
  const extra = [
    s.unreadable > 0 ? `${s.unreadable} unreadable` : '',
    s.findingsSuppressed > 0 ? `${s.findingsSuppressed} findings over the per-rule cap not shown (--max-findings-per-rule)` : '',
    s.findingsOmitted > 0 ? `${s.findingsOmitted} findings not shown (--max-findings)` : '',
    s.shard ? `shard ${s.shard}` : '',
  ]
    .filter(Boolean)
    .join(', ');
  // Which zstd decoder ran matters when comparing timings (the pure-JS fallback is ~2x slower).
  if (s.zstdDecoders) yield paint('dim', `zstd decoded by ${s.zstdDecoders.map((name) => terminalSafe(name)).join('; ')}`) + '\n';
  const clean = s.errors === 0 && s.unreadable === 0;
  const verdict = clean ? paint('green', '✓') : paint('red', '✗');
  yield `${verdict} ${fileText} checked against spec ${report.spec}: ${parts.join(', ')}${extra ? ` (${extra})` : ''}\n`;
}
