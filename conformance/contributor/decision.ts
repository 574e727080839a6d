import { IdNormaliser, canonicalJson } from '../scenario/normalise.js';
import type { PreStepRecord, TracedDecision } from './trace.js';

/**
 * A pre-step decision seen relative to its downstream batch: which downstream messages came back where
 * (by id), and what the plugin added. Pure functions over trace records, shared by the batch rules and
 * the replay comparison.
 */

export interface Message {
  id?: unknown;
  source?: unknown;
  content?: unknown;
  [key: string]: unknown;
}

export interface BatchView {
  downstream: Message[];
  returned: Message[];
  /** For each returned message: the index of the downstream message with its id, or -1 (added). */
  origin: number[];
  added: Array<{ index: number; message: Message }>;
}

const asMessages = (d: TracedDecision | null): Message[] => (d?.kind === 'enter' ? (d.messages as Message[]) : []);

export function batchView(record: PreStepRecord): BatchView {
  const downstream = asMessages(record.downstream);
  const returned = asMessages(record.returned);
  const ids = new Map<unknown, number>();
  downstream.forEach((m, i) => {
    if (m && typeof m.id === 'string' && !ids.has(m.id)) ids.set(m.id, i);
  });
  const origin = returned.map((m) => (m && typeof m.id === 'string' && ids.has(m.id) ? ids.get(m.id)! : -1));
  const added = returned.flatMap((message, index) => (origin[index] === -1 ? [{ index, message }] : []));
  return { downstream, returned, origin, added };
}

/** The text of a message's text blocks, joined (for explanations and the re-send check). */
export function messageText(message: Message | undefined): string {
  const content = message?.content;
  if (!Array.isArray(content)) return '';
  return content
    .map((b) => (b && typeof b === 'object' && typeof (b as { text?: unknown }).text === 'string' ? (b as { text: string }).text : ''))
    .filter(Boolean)
    .join('\n');
}

/**
 * A decision in a form two runs can compare: downstream messages by position (`{downstream:i}`, plus
 * the message when it changed), added messages in full, every UUID numbered by first appearance.
 */
export function comparableDecision(record: PreStepRecord): unknown {
  const n = new IdNormaliser();
  n.value(record.downstream);
  const r = record.returned;
  if (r.kind !== 'enter') return r.kind === 'threw' ? { threw: r.name } : r.kind === 'invalid' ? { invalid: true } : { reject: true };
  const view = batchView(record);
  return view.returned.map((m, i) => {
    const from = view.origin[i];
    if (from === -1) return { added: n.value(m) };
    const same = canonicalJson(m) === canonicalJson(view.downstream[from]);
    return same ? { downstream: from } : { downstream: from, changed: n.value(m) };
  });
}

/** The same comparison with every added message's source left out (to tell CTX-SOURCE-5 apart). */
export function withoutSources(decision: unknown): unknown {
  if (!Array.isArray(decision)) return decision;
  return decision.map((d) => (d && typeof d === 'object' && 'added' in d ? { added: { ...(d as { added: object }).added, source: undefined } } : d));
}

const clip = (text: string, max = 60): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** "injected 1 message ("…")", "injected nothing", "rejected", "threw TypeError: …". */
export function describeDecision(record: PreStepRecord): string {
  const r = record.returned;
  if (r.kind === 'threw') return `threw ${r.name}: ${clip(r.message)}`;
  if (r.kind === 'reject') return 'rejected the step';
  if (r.kind === 'invalid') return `returned something that is not a decision (${clip(r.value)})`;
  const view = batchView(record);
  if (view.added.length === 0) return 'injected nothing';
  const texts = view.added.map((a) => JSON.stringify(clip(messageText(a.message) || canonicalJson(a.message.content))));
  return `injected ${view.added.length} message${view.added.length > 1 ? 's' : ''} (${texts.join(', ')})`;
}

export const sameJson = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);
