import type { Severity } from '../findings.js';
import { terminalSafe } from '../text/safe-text.js';
import { groupByFile, suppressedLines } from './group.js';
import type { CheckReport } from './report.js';

/**
 * GitHub Actions workflow commands: each finding becomes an annotation on the file and line
 * (`::error file=…,line=…,title=…::message`). Values are escaped as the runner requires (`%`, CR, LF,
 * and in properties `:` and `,`), after control and bidi characters are made visible: the job log is a
 * terminal-like view that renders ANSI sequences, and a raw newline would start a forged command.
 * What the per-rule cap left out is one `::notice` per file and rule.
 */
const command: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

const escapeData = (s: string) => terminalSafe(s).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function* renderGithub(report: CheckReport): Generator<string> {
  for (const group of groupByFile(report)) {
    for (const f of group.findings) {
      const props = [`file=${escapeProperty(f.file)}`, ...(f.line !== null ? [`line=${f.line}`] : []), `title=${escapeProperty(f.rule)}`];
      const seq = f.seq !== null ? ` (seq ${f.seq})` : '';
      yield `::${command[f.severity]} ${props.join(',')}::${escapeData(`${f.rule}${seq}: ${f.message}`)}\n`;
    }
    for (const text of suppressedLines(group)) yield `::notice file=${escapeProperty(group.file)},title=per-rule cap::${escapeData(text)}\n`;
  }
  const s = report.summary;
  const capped = s.findingsSuppressed > 0 ? `, ${s.findingsSuppressed} over the per-rule cap` : '';
  yield `dsh-ctx-conform check: ${s.files} files, ${s.events} events, ${s.errors} errors, ${s.warnings} warnings, ${s.infos} infos, ${s.unreadable} unreadable${capped}\n`;
}
