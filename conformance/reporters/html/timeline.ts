import { existsSync } from 'node:fs';
import { readLog } from '../../../invariants/log/read-log.js';

/**
 * The per-file timeline the `check` HTML report draws: turns, steps and model-visible injections
 * (user/message events whose source is not the user), plus compaction, in log order. Built by one more
 * streaming read of each log (the check report holds findings, not events), capped per file so a
 * fleet-sized log still gives a page a browser can open.
 */
export type TimelineKind = 'turn' | 'step' | 'injection' | 'other';

export interface TimelineEntry {
  kind: TimelineKind;
  line: number;
  seq: number;
  type: string;
  label: string;
}

export interface Timeline {
  file: string;
  entries: TimelineEntry[];
  /** Entries left out past the cap. */
  omitted: number;
  /** Why no timeline could be read (missing file, unreadable log). */
  problem?: string;
}

const NOTABLE = new Set(['compaction/start', 'compaction/end', 'compaction/summary', 'session/end-seed']);

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function preview(data: Record<string, unknown>): string {
  const content = Array.isArray(data.content) ? data.content : [];
  const text = content.map((p) => (typeof record(p).text === 'string' ? (record(p).text as string) : '')).join(' ');
  return text.length > 160 ? `${text.slice(0, 160)}…` : text;
}

export function classify(type: string, data: unknown): Omit<TimelineEntry, 'line' | 'seq' | 'type'> | undefined {
  const d = record(data);
  if (type === 'turn/start') return { kind: 'turn', label: `turn ${String(d.turn ?? '?')}` };
  if (type === 'step/start') return { kind: 'step', label: `step ${String(d.turn ?? '?')}.${String(d.step ?? '?')}` };
  if (type === 'user/message') {
    const source = record(d.source);
    if (source.kind === 'user' || source.kind === undefined) return undefined;
    const who = typeof source.plugin === 'string' ? source.plugin : String(source.kind);
    const form = typeof source.form === 'string' ? ` (${source.form})` : '';
    return { kind: 'injection', label: `${who}${form}: ${preview(d)}` };
  }
  if (NOTABLE.has(type)) return { kind: 'other', label: type };
  return undefined;
}

/** Events a finding points at (by seq or line): drawn even when they are not turns, steps or injections. */
export interface Flagged {
  seqs: ReadonlySet<number>;
  lines: ReadonlySet<number>;
}

export async function buildTimeline(file: string, flagged: Flagged = { seqs: new Set(), lines: new Set() }, cap = 2000): Promise<Timeline> {
  const timeline: Timeline = { file, entries: [], omitted: 0 };
  if (!existsSync(file)) return { ...timeline, problem: 'the file is not there any more' };
  try {
    const read = await readLog(file, (item) => {
      if (item.kind !== 'event') return;
      const c = classify(item.event.type, item.event.data) ?? (flagged.seqs.has(item.event.seq) || flagged.lines.has(item.loc.line) ? { kind: 'other' as const, label: item.event.type } : undefined);
      if (!c) return;
      if (timeline.entries.length >= cap) timeline.omitted++;
      else timeline.entries.push({ ...c, line: item.loc.line, seq: item.event.seq, type: item.event.type });
    });
    if (read.unreadable) timeline.problem = 'DSH could not load this log; the timeline shows what was read before the problem';
  } catch (error) {
    timeline.problem = `cannot read: ${(error as Error).message}`;
  }
  return timeline;
}

export async function buildTimelines(files: readonly string[], findings: readonly { file: string; seq: number | null; line: number | null }[] = []): Promise<Timeline[]> {
  const out: Timeline[] = [];
  for (const f of files) {
    const mine = findings.filter((x) => x.file === f);
    const flagged = { seqs: new Set(mine.flatMap((x) => (x.seq !== null ? [x.seq] : []))), lines: new Set(mine.flatMap((x) => (x.seq === null && x.line !== null ? [x.line] : []))) };
    out.push(await buildTimeline(f, flagged));
  }
  return out;
}
