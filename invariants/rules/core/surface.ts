import type { RuleMeta, RuleModule } from '../../engine.js';
import { SURFACE_TYPES, type LocatedEvent } from '../../log/types.js';
import { isReplaceOp } from '../../model/surface.js';
import { isRec, isSeq, show } from './access.js';
import { canonicalJson } from './canonical-json.js';

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

export const surfaceModule: RuleModule = {
  name: 'core/surface',
  source: 'log',
  rules: surfaceRules,
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
          ctx.report('LOG-SURF-4', { event: located, message: `expected sourceEventSeqs to be an array, found ${show(raw)}` });
          return;
        }
        if (raw.length === 0 && type !== 'assistant/message') {
          ctx.report('LOG-SURF-4', { event: located, message: `expected non-empty sourceEventSeqs on ${type} (only assistant/message may cite nothing), found []` });
        }
        const bad = raw.filter((s) => !isSeq(s));
        if (bad.length > 0) ctx.report('LOG-SURF-4', { event: located, message: `expected sourceEventSeqs of non-negative safe integers, found ${show(bad[0])}` });
        for (const s of raw) if (isSeq(s)) sources.add(s);
        if (bad.length === 0 && sources.size !== raw.length) ctx.report('LOG-SURF-4', { event: located, message: `expected unique sourceEventSeqs, found duplicates in ${show(raw)}` });
        const later = raw.filter((s) => isSeq(s) && s >= seq);
        if (later.length > 0) ctx.report('LOG-SURF-4', { event: located, message: `expected sourceEventSeqs to reference earlier events (< ${seq}), found ${later.join(', ')}` });
      }
      const missing = shadowed.filter((s) => !sources.has(s));
      if (missing.length > 0) {
        ctx.report('LOG-SURF-5', {
          event: located,
          witness: missing,
          message: `replacement removes surface node(s) ${shadowed.join(', ')} but sourceEventSeqs ${raw === undefined ? 'is absent' : show(raw)} omits ${missing.join(', ')}`,
        });
      }
    };

    return {
      onEvent(located, model) {
        const event = located.event as unknown as Record<string, unknown>;
        const type = event.type;
        if (typeof type !== 'string' || !SURFACE_TYPES.has(type)) {
          if (event.surfaceOp !== undefined) ctx.report('LOG-SURF-1', { event: located, message: `expected no surfaceOp on ${show(type)} (not surface-eligible), found ${show(event.surfaceOp)}` });
          if (event.sourceEventSeqs !== undefined) ctx.report('LOG-SURF-1', { event: located, message: `expected no sourceEventSeqs on ${show(type)} (not surface-eligible), found ${show(event.sourceEventSeqs)}` });
          return;
        }
        const seq = isSeq(event.seq) ? event.seq : -1;
        const op = event.surfaceOp;
        if (op === undefined) {
          ctx.report('LOG-SURF-2', { event: located, message: `expected a surfaceOp on ${type} (surface-eligible events require one), found none` });
          return;
        }
        if (op === 'append') {
          checkProvenance(located, seq, []);
          return;
        }
        if (!isReplaceOp(op)) {
          ctx.report('LOG-SURF-2', { event: located, message: `expected surfaceOp "append" or exactly {op:"replace",start,end} with non-negative safe integers, found ${show(op)}` });
          return;
        }
        const nodes = model.surface.nodes;
        const startIdx = nodes.indexOf(op.start);
        const endIdx = nodes.indexOf(op.end);
        if (startIdx < 0 || endIdx < 0 || startIdx > endIdx) {
          const why =
            startIdx < 0
              ? `start seq ${op.start} is not on the surface`
              : endIdx < 0
                ? `end seq ${op.end} is not on the surface`
                : `start seq ${op.start} (surface index ${startIdx}) comes after end seq ${op.end} (index ${endIdx})`;
          ctx.report('LOG-SURF-3', { event: located, witness: [op.start, op.end], message: `expected replace {start:${op.start}, end:${op.end}} to name a range of the current surface, but ${why}` });
          return;
        }
        const shadowed = nodes.slice(startIdx, endIdx + 1);
        checkProvenance(located, seq, shadowed);
        if (type !== 'tool/result') return;
        if (shadowed.length !== 1) {
          ctx.report('LOG-SURF-6', { event: located, witness: shadowed, message: `expected a tool/result replacement to rewrite exactly one surface node, found ${shadowed.length} (${shadowed.join(', ')})` });
          return;
        }
        const target = shadowed[0];
        if (!visibleToolResults.has(target)) {
          ctx.report('LOG-SURF-6', { event: located, witness: [target], message: `expected a tool/result replacement to target a tool/result, but surface node ${target} is not one` });
          return;
        }
        const before = visibleToolResults.get(target);
        const after = toolResultRest(event.data);
        if (before != null && after !== null && canonicalJson(before) !== canonicalJson(after)) {
          ctx.report('LOG-SURF-6', { event: located, witness: [target], message: `expected tool/result replacement of seq ${target} to change only message.content[0].content, found other differences (id, callId, turn/step, error or meta)` });
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
