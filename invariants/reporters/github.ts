import type { Severity } from '../findings.js';
import type { CheckReport } from './report.js';

/**
 * GitHub Actions workflow commands: each finding becomes an annotation on the file and line
 * (`::error file=…,line=…,title=…::message`). Values are escaped as the runner requires.
 */
const command: Record<Severity, string> = { error: 'error', warning: 'warning', info: 'notice' };

const escapeData = (s: string) => s.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

export function renderGithub(report: CheckReport): string {
  const lines = report.findings.map((f) => {
    const props = [`file=${escapeProperty(f.file)}`, ...(f.line !== null ? [`line=${f.line}`] : []), `title=${escapeProperty(f.rule)}`];
    const seq = f.seq !== null ? ` (seq ${f.seq})` : '';
    return `::${command[f.severity]} ${props.join(',')}::${escapeData(`${f.rule}${seq}: ${f.message}`)}`;
  });
  const s = report.summary;
  lines.push(`dsh-ctx-conform check: ${s.files} files, ${s.events} events, ${s.errors} errors, ${s.warnings} warnings, ${s.infos} infos, ${s.unreadable} unreadable`);
  return `${lines.join('\n')}\n`;
}
