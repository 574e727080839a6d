import { truncateWithNotice } from './head-tail.js';
import { tagSafeJsonBytes } from './tag-safe-json.js';
import type { ContentBlock, ReferenceData, ReferenceStats, SurfaceSnapshot } from './types.js';

/**
 * What of another session the model may see, and how it is made to fit the per-reference budget
 * (spec/session-reference.md, "Projection" and "Fitting").
 *
 * Only the *current* surface counts, and only what a person said or the model answered: direct user
 * messages, compaction checkpoints (they stand for the shadowed conversation) and assistant text.
 * Tool output, reasoning, other plugins' context and earlier session-reference snapshots stay out, so
 * snapshots never nest and no injected text is laundered into "conversation".
 */

interface Item {
  role: 'user' | 'assistant';
  text: string;
  checkpoint: boolean;
  originalText: string;
  omittedBytes: number;
}

/** The compaction checkpoint marker owned by dsh-compaction. */
export const isCompactCheckpointSource = (source: { kind: string; plugin?: unknown }): boolean => source.kind === 'plugin' && source.plugin === 'compact';

/** Text blocks joined by newlines; other blocks (reasoning, images, tool calls) contribute nothing. */
function textOf(content: ContentBlock[]): string {
  return content.flatMap((block) => (block.type === 'text' && typeof block.text === 'string' ? [block.text] : [])).join('\n');
}

export function projectConversation(snapshot: SurfaceSnapshot): Item[] {
  const items: Item[] = [];
  const add = (role: Item['role'], text: string, checkpoint: boolean) => {
    if (text !== '') items.push({ role, text, checkpoint, originalText: text, omittedBytes: 0 });
  };
  for (const event of snapshot.events) {
    switch (event.type) {
      case 'user/message': {
        const checkpoint = isCompactCheckpointSource(event.data.source);
        if (checkpoint || event.data.source.kind === 'user') add('user', textOf(event.data.content), checkpoint);
        break;
      }
      case 'assistant/message':
        add('assistant', textOf(event.data.message.content), false);
        break;
      case 'tool/result':
        break;
      default: {
        // A surface holds only the three surface event types; anything else is a broken read.
        const rendered = JSON.stringify(event) ?? String(event);
        throw new Error(`unreachable variant in session-reference surface event: ${rendered}`);
      }
    }
  }
  return items;
}

export interface FittedReference {
  data: ReferenceData;
  stats: ReferenceStats;
}

/**
 * Fit one snapshot into `maxBytes` of tag-safe JSON, or return undefined when even the fixed parts
 * (ids, label, cwd, empty texts) cannot fit.
 *
 * 1. Drop whole messages, earliest first, never a checkpoint and never the newest message: the
 *    checkpoint carries the compacted past and the newest message is what the user most likely means.
 * 2. Then shorten the currently longest message (first on ties) to a head/tail excerpt of its
 *    *original* text with an exact omission marker, until it fits.
 */
/** The three mechanical choices of fitting, replaceable so conformance mutants can vary one each. */
export interface FitStrategy {
  /** Size of one JSON object against the budget. */
  measure(data: ReferenceData): number;
  /** Index of the message to drop next, or -1 when none may be dropped. */
  pickDrop(items: ReadonlyArray<{ checkpoint: boolean }>): number;
  truncate(text: string, maxBytes: number): { text: string; omittedBytes: number };
}

export const UPSTREAM_FIT: FitStrategy = {
  measure: tagSafeJsonBytes,
  pickDrop: (items) => items.findIndex((item, index) => !item.checkpoint && index !== items.length - 1),
  truncate: truncateWithNotice,
};

export function fitReference(snapshot: SurfaceSnapshot, label: string, maxBytes: number, strategy: FitStrategy = UPSTREAM_FIT): FittedReference | undefined {
  const original = projectConversation(snapshot);
  const kept = original.map((item) => ({ ...item }));
  let omittedMessages = 0;
  let droppedBytes = 0;
  const data = (): ReferenceData => ({
    sessionId: snapshot.session.id,
    label,
    cwd: snapshot.session.cwd ?? null,
    capturedThroughSeq: snapshot.capturedThroughSeq,
    conversation: kept.map(({ role, text }) => ({ role, text })),
  });
  const size = () => strategy.measure(data());

  while (size() > maxBytes) {
    const victim = strategy.pickDrop(kept);
    if (victim < 0) break;
    const [dropped] = kept.splice(victim, 1);
    omittedMessages += 1;
    droppedBytes += Buffer.byteLength(dropped.originalText, 'utf8');
  }

  while (size() > maxBytes) {
    let longest = -1;
    let longestBytes = 0;
    kept.forEach((item, index) => {
      const bytes = Buffer.byteLength(item.text, 'utf8');
      if (bytes > longestBytes) {
        longest = index;
        longestBytes = bytes;
      }
    });
    if (longest < 0 || longestBytes === 0) return undefined;
    const target = Math.max(0, longestBytes - (size() - maxBytes));
    const shortened = strategy.truncate(kept[longest].originalText, target);
    if (shortened.text === kept[longest].text) return undefined;
    kept[longest] = { ...kept[longest], text: shortened.text, omittedBytes: shortened.omittedBytes };
  }

  const omittedBytes = kept.reduce((sum, item) => sum + item.omittedBytes, 0) + droppedBytes;
  return {
    data: data(),
    stats: {
      compacted: original.some((item) => item.checkpoint),
      originalMessages: original.length,
      retainedMessages: kept.length,
      omittedMessages,
      omittedBytes,
      truncated: omittedMessages > 0 || omittedBytes > 0,
    },
  };
}
