import type { RuleMeta, RuleModule } from '../../engine.js';
import { SURFACE_TYPES, type LocatedEvent } from '../../log/types.js';
import { isReplaceOp } from '../../model/surface.js';
import { isRec, isSeq, show } from './access.js';
import { canonicalJson } from './canonical-json.js';
import { defineMessages } from '../../message-templates.js';

const doc = 'spec/log.md';

/**
 * The model-visible surface (DSH `foldSurface` / `planSurfaceEvent`): which events may carry surface
 * metadata, what a replacement may remove, what it must cite, and how little a tool-result rewrite
 * may change. The fold itself is the engine's {@link SessionModel.surface}; these rules look at it
 * before the event is applied, exactly like DSH validates a candidate before committing it.
 */
export const surfaceRules = {
  'LOG-SURF-1': {
    severity: 'error',
    title: 'Surface metadata only on surface types',
    must: '`surfaceOp` and `sourceEventSeqs` MUST appear only on user/message, assistant/message and tool/result events.',
    doc,
  },
  'LOG-SURF-2': {
    severity: 'error',
    title: 'Surface types carry a valid surfaceOp',
    must: 'Every user/message, assistant/message and tool/result MUST carry a `surfaceOp` that is either "append" or exactly {op:"replace", start, end} with non-negative safe-integer start and end.',
    doc,
  },
  'LOG-SURF-3': {
    severity: 'error',
    title: 'Replacement range is on the surface',
    must: 'A replacement\'s `start` and `end` MUST both be seqs currently on the surface, with `start` at or before `end` in surface order.',
    doc,
  },
  'LOG-SURF-4': {
    severity: 'error',
    title: 'sourceEventSeqs are well formed',
    must: '`sourceEventSeqs`, when present, MUST be an array of unique non-negative safe integers each smaller than the event\'s own seq, and MUST NOT be empty except on assistant/message.',
    doc,
  },
  'LOG-SURF-5': {
    severity: 'error',
    title: 'Replacement cites what it removes',
    must: 'A replacement\'s `sourceEventSeqs` MUST include every surface node the replacement removes.',
    doc,
  },
  'LOG-SURF-6': {
    severity: 'error',
    title: 'Tool-result rewrites change only content',
    must: 'A tool/result replacement MUST remove exactly one node, that node MUST be a tool/result, and the two events\' data MUST be deep-equal except for `message.content[0].content`.',
    doc,
  },
} as const satisfies Record<string, RuleMeta>;

/**
 * A tool/result's data with the rewritable part blanked; null if malformed. Only shallow copies: the
 * (large) rewritable content is dropped and everything else is shared with the event, which nothing
 * mutates once read. It is serialised canonically only when a rewrite is actually compared, so the
 * common case (results that are never rewritten) costs no serialisation at all.
 */
function toolResultRest(data: unknown): Record<string, unknown> | null {
  if (!isRec(data) || !isRec(data.message)) return null;
  const message = data.message;
  if (!Array.isArray(message.content) || !isRec(message.content[0])) return null;
  return { ...data, message: { ...message, content: [{ ...message.content[0], content: null }] } };
}

/** Every entry a seq, strictly ascending (so unique), all below `seq`. */
function isAscendingBelow(seqs: readonly unknown[], seq: number): boolean {
  let previous = -1;
  for (let i = 0; i < seqs.length; i++) {
    const s = seqs[i];
    if (!isSeq(s) || s <= previous) return false;
    previous = s;
  }
  return previous < seq;
}

/** Values read from the log are their `show` rendering; seqs the rule computed are numbers. */
export const surfaceMessages = defineMessages({
  'LOG-SURF-1': {
    surfaceOpOnIneligible: (d: { type: string; found: string }) => `expected no surfaceOp on ${d.type} (not surface-eligible), found ${d.found}`,
    sourcesOnIneligible: (d: { type: string; found: string }) => `expected no sourceEventSeqs on ${d.type} (not surface-eligible), found ${d.found}`,
  },
  'LOG-SURF-2': {
    missingSurfaceOp: (d: { type: string }) => `expected a surfaceOp on ${d.type} (surface-eligible events require one), found none`,
    badSurfaceOp: (d: { found: string }) => `expected surfaceOp "append" or exactly {op:"replace",start,end} with non-negative safe integers, found ${d.found}`,
  },
  'LOG-SURF-3': {
    /** `startIndex`/`endIndex`: surface indexes, -1 when the seq is not on the surface. */
    rangeNotOnSurface: (d: { start: number; end: number; startIndex: number; endIndex: number }) =>
      `expected replace {start:${d.start}, end:${d.end}} to name a range of the current surface, but ${
        d.startIndex < 0
          ? `start seq ${d.start} is not on the surface`
          : d.endIndex < 0
            ? `end seq ${d.end} is not on the surface`
            : `start seq ${d.start} (surface index ${d.startIndex}) comes after end seq ${d.end} (index ${d.endIndex})`
      }`,
  },
  'LOG-SURF-4': {
    notArray: (d: { found: string }) => `expected sourceEventSeqs to be an array, found ${d.found}`,
    empty: (d: { type: string }) => `expected non-empty sourceEventSeqs on ${d.type} (only assistant/message may cite nothing), found []`,
    notSeqs: (d: { found: string }) => `expected sourceEventSeqs of non-negative safe integers, found ${d.found}`,
    duplicates: (d: { found: string }) => `expected unique sourceEventSeqs, found duplicates in ${d.found}`,
    notEarlier: (d: { seq: number; later: number[] }) => `expected sourceEventSeqs to reference earlier events (< ${d.seq}), found ${d.later.join(', ')}`,
  },
  'LOG-SURF-5': {
    /** `sources`: the sourceEventSeqs as shown, null when absent. */
    omitsShadowed: (d: { shadowed: number[]; sources: string | null; missing: number[] }) =>
      `replacement removes surface node(s) ${d.shadowed.join(', ')} but sourceEventSeqs ${d.sources === null ? 'is absent' : d.sources} omits ${d.missing.join(', ')}`,
  },
  'LOG-SURF-6': {
    notOneNode: (d: { shadowed: number[] }) => `expected a tool/result replacement to rewrite exactly one surface node, found ${d.shadowed.length} (${d.shadowed.join(', ')})`,
    notToolResult: (d: { target: number }) => `expected a tool/result replacement to target a tool/result, but surface node ${d.target} is not one`,
    otherDifferences: (d: { target: number }) => `expected tool/result replacement of seq ${d.target} to change only message.content[0].content, found other differences (id, callId, turn/step, error or meta)`,
  },
});

export const surfaceModule: RuleModule<typeof surfaceMessages> = {
  name: 'core/surface',
  source: 'log',
  rules: surfaceRules,
  messages: surfaceMessages,
  create(ctx) {
    /** Visible tool/results: seq → rest (or null when malformed). Bounded by the surface. */
    const visibleToolResults = new Map<number, Record<string, unknown> | null>();

    const checkProvenance = (located: LocatedEvent, seq: number, shadowed: readonly number[]): void => {
      const raw = (located.event as unknown as Record<string, unknown>).sourceEventSeqs;
      const type = located.event.type;
      // The common case, an append citing ascending earlier seqs (an assistant message cites every
      // chunk of its stream), is proven fine in one pass without building the checks' sets and lists.
      if (shadowed.length === 0 && Array.isArray(raw) && (raw.length > 0 || type === 'assistant/message') && isAscendingBelow(raw, seq)) return;
      const sources = new Set<number>();
      if (raw !== undefined) {
        if (!Array.isArray(raw)) {
          ctx.report('LOG-SURF-4', { event: located, messageId: 'notArray', data: { found: show(raw) } });
          return;
        }
        if (raw.length === 0 && type !== 'assistant/message') {
          ctx.report('LOG-SURF-4', { event: located, messageId: 'empty', data: { type } });
        }
        const bad = raw.filter((s) => !isSeq(s));
        if (bad.length > 0) ctx.report('LOG-SURF-4', { event: located, messageId: 'notSeqs', data: { found: show(bad[0]) } });
        for (const s of raw) if (isSeq(s)) sources.add(s);
        if (bad.length === 0 && sources.size !== raw.length) ctx.report('LOG-SURF-4', { event: located, messageId: 'duplicates', data: { found: show(raw) } });
        const later = raw.filter((s): s is number => isSeq(s) && s >= seq);
        if (later.length > 0) ctx.report('LOG-SURF-4', { event: located, messageId: 'notEarlier', data: { seq, later } });
      }
      const missing = shadowed.filter((s) => !sources.has(s));
      if (missing.length > 0) {
        ctx.report('LOG-SURF-5', {
          event: located,
          witness: missing,
          messageId: 'omitsShadowed',
          data: { shadowed: [...shadowed], sources: raw === undefined ? null : show(raw), missing },
        });
      }
    };

    return {
      onEvent(located, model) {
        const event = located.event as unknown as Record<string, unknown>;
        const type = event.type;
        if (typeof type !== 'string' || !SURFACE_TYPES.has(type)) {
          if (event.surfaceOp !== undefined) ctx.report('LOG-SURF-1', { event: located, messageId: 'surfaceOpOnIneligible', data: { type: show(type), found: show(event.surfaceOp) } });
          if (event.sourceEventSeqs !== undefined) ctx.report('LOG-SURF-1', { event: located, messageId: 'sourcesOnIneligible', data: { type: show(type), found: show(event.sourceEventSeqs) } });
          return;
        }
        const seq = isSeq(event.seq) ? event.seq : -1;
        const op = event.surfaceOp;
        if (op === undefined) {
          ctx.report('LOG-SURF-2', { event: located, messageId: 'missingSurfaceOp', data: { type } });
          return;
        }
        if (op === 'append') {
          checkProvenance(located, seq, []);
          return;
        }
        if (!isReplaceOp(op)) {
          ctx.report('LOG-SURF-2', { event: located, messageId: 'badSurfaceOp', data: { found: show(op) } });
          return;
        }
        const nodes = model.surface.nodes;
        const startIdx = nodes.indexOf(op.start);
        const endIdx = nodes.indexOf(op.end);
        if (startIdx < 0 || endIdx < 0 || startIdx > endIdx) {
          ctx.report('LOG-SURF-3', { event: located, witness: [op.start, op.end], messageId: 'rangeNotOnSurface', data: { start: op.start, end: op.end, startIndex: startIdx, endIndex: endIdx } });
          return;
        }
        const shadowed = nodes.slice(startIdx, endIdx + 1);
        checkProvenance(located, seq, shadowed);
        if (type !== 'tool/result') return;
        if (shadowed.length !== 1) {
          ctx.report('LOG-SURF-6', { event: located, witness: shadowed, messageId: 'notOneNode', data: { shadowed } });
          return;
        }
        const target = shadowed[0];
        if (!visibleToolResults.has(target)) {
          ctx.report('LOG-SURF-6', { event: located, witness: [target], messageId: 'notToolResult', data: { target } });
          return;
        }
        const before = visibleToolResults.get(target);
        const after = toolResultRest(event.data);
        if (before != null && after !== null && canonicalJson(before) !== canonicalJson(after)) {
          ctx.report('LOG-SURF-6', { event: located, witness: [target], messageId: 'otherDifferences', data: { target } });
        }
      },
      // Only a surface-eligible event can append to or replace on the surface.
      afterEventTypes: SURFACE_TYPES,
      onAfterEvent(located, model) {
        const step = model.lastSurfaceStep;
        if (step.kind === 'replace') for (const s of step.shadowed) visibleToolResults.delete(s);
        if ((step.kind === 'append' || step.kind === 'replace') && located.event.type === 'tool/result') {
          visibleToolResults.set(step.seq, toolResultRest(located.event.data));
        }
      },
    };
  },
};
