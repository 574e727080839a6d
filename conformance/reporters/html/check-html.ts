import type { Finding } from '../../../invariants/findings.js';
import type { CheckReport } from '../../../invariants/reporters/report.js';
import { count, esc, pageEnd, pageStart } from './page.js';
import type { Timeline } from './timeline.js';

/**
 * `check --reporter html`: a summary, then per log file its findings and a timeline of turns, steps
 * and injections with each finding marked on the event (by seq, else by line) it is about. Findings
 * that point at no drawn event (file-level, or an event the timeline does not draw) are listed above
 * the timeline, so none is lost.
 */
function findingHtml(f: Finding): string {
  const where = `line ${f.line ?? '-'} seq ${f.seq ?? '-'}`;
  return `<span class="finding ${esc(f.severity)}" data-rule="${esc(f.rule)}"><strong>${esc(f.rule)}</strong> ${esc(f.severity)} (${where}): ${esc(f.message)}</span>`;
}

function* fileSection(file: CheckReport['files'][number] | { file: string; status: string; events: number }, findings: readonly Finding[], timeline: Timeline | undefined): Generator<string> {
  const status = file.status === 'ok' ? 'pass' : file.status === 'unreadable' ? 'error' : 'fail';
  yield `<details ${status === 'pass' ? '' : 'open '}class="file" data-status="${status}" data-file="${esc(file.file)}"><summary><span class="status ${status}">${esc(file.status)}</span> <code>${esc(file.file)}</code> <span class="muted">${file.events} events, ${findings.length} finding(s)</span></summary>`;
  const drawn = new Set<Finding>();
  const bySeq = new Map<number, Finding[]>();
  const byLine = new Map<number, Finding[]>();
  for (const f of findings) {
    if (f.seq !== null) bySeq.set(f.seq, [...(bySeq.get(f.seq) ?? []), f]);
    else if (f.line !== null) byLine.set(f.line, [...(byLine.get(f.line) ?? []), f]);
  }
  const entries = timeline?.entries ?? [];
  const marks = entries.map((e) => {
    const hit = [...(bySeq.get(e.seq) ?? []), ...(byLine.get(e.line) ?? [])];
    for (const f of hit) drawn.add(f);
    return hit;
  });
  const loose = findings.filter((f) => !drawn.has(f));
  if (loose.length) yield `<div class="loose">${loose.map(findingHtml).join('')}</div>`;
  if (timeline?.problem) yield `<p class="muted">${esc(timeline.problem)}</p>`;
  if (entries.length) {
    yield `<ol class="timeline">`;
    for (let i = 0; i < entries.length; i++) {
      const e = entries[i];
      const flagged = marks[i].length > 0;
      yield `<li class="${e.kind}${flagged ? ' flagged' : ''}" data-seq="${e.seq}" data-kind="${e.kind}"><span class="muted">#${e.seq} l.${e.line}</span> ${esc(e.label)}${marks[i].map(findingHtml).join('')}</li>`;
    }
    yield `</ol>`;
    if (timeline!.omitted) yield `<p class="muted">${timeline!.omitted} more timeline entries not drawn</p>`;
  } else if (timeline && !timeline.problem) {
    yield `<p class="muted">no turns, steps or injections in this log</p>`;
  }
  yield `</details>\n`;
}

export function* renderCheckHtml(report: CheckReport, timelines: readonly Timeline[] = []): Generator<string> {
  const s = report.summary;
  yield* pageStart('dsh-ctx-conform check', `dsh-ctx-conform ${report.tool.version} · spec ${report.spec} · ${s.files} file(s), ${s.events} events${s.shard ? ` · shard ${s.shard}` : ''}`);
  yield `<div class="summary">${count('pass', 'files ok', s.files - s.violations - s.unreadable)}${count('fail', 'with violations', s.violations)}${count('error', 'unreadable', s.unreadable)}${count('errors', 'errors', s.errors)}${count('warnings', 'warnings', s.warnings)}${count('infos', 'infos', s.infos)}</div>`;
  if (s.findingsOmitted) yield `<p class="muted">${s.findingsOmitted} finding(s) omitted by --max-findings</p>`;
  yield `</header><main><div class="controls"><label><input type="checkbox" id="only-problems"> show only files with findings that fail</label></div>`;
  const byFile = new Map<string, Finding[]>();
  for (const f of report.findings) byFile.set(f.file, [...(byFile.get(f.file) ?? []), f]);
  const timelineOf = new Map(timelines.map((t) => [t.file, t]));
  const listed = new Set(report.files.map((f) => f.file));
  for (const file of report.files) yield* fileSection(file, byFile.get(file.file) ?? [], timelineOf.get(file.file));
  // Path problems (a missing PATH) have findings but no checked file.
  for (const [file, findings] of byFile) if (!listed.has(file)) yield* fileSection({ file, status: 'unreadable', events: 0 }, findings, undefined);
  yield* pageEnd();
}
