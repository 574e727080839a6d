import type { SessionEvent } from '../log/types.js';
import { SURFACE_TYPES } from '../log/types.js';
import { show } from '../text/show.js';

/** Outcome of folding one event into the surface. */
export type SurfaceStep =
  | { kind: 'none' }
  | { kind: 'append'; seq: number }
  | { kind: 'replace'; seq: number; start: number; end: number; shadowed: number[] }
  | { kind: 'invalid'; seq: number; reason: string };

/** Most events do not touch the surface: one shared, frozen outcome instead of an object per event. */
const NONE: SurfaceStep = Object.freeze({ kind: 'none' });

export function isReplaceOp(op: unknown): op is { op: 'replace'; start: number; end: number } {
  if (typeof op !== 'object' || op === null || Array.isArray(op)) return false;
  const keys = Object.keys(op);
  const o = op as Record<string, unknown>;
  return (
    keys.length === 3 &&
    o.op === 'replace' &&
    Number.isSafeInteger(o.start) &&
    (o.start as number) >= 0 &&
    Number.isSafeInteger(o.end) &&
    (o.end as number) >= 0
  );
}


/**
 * The incremental surface fold (`foldSurface` in DSH): the ordered list of seqs visible to the model.
 *
 * `append` pushes the event's seq; `{op:'replace', start, end}` finds `start` and `end` in the
 * *current* node list and splices that inclusive slice out, putting the event's own seq in its place.
 * Because replacements move higher seqs into earlier positions the list is not seq-sorted.
 *
 * One fold serves both the simulated host (which must expose `surface.nodes`) and the validator, so
 * the two can never disagree about what is visible.
 */
export class SurfaceFold {
  readonly nodes: number[] = [];
  private readonly visibleSet = new Set<number>();

  isVisible(seq: number): boolean {
    return this.visibleSet.has(seq);
  }

  get size(): number {
    return this.nodes.length;
  }

  apply(event: Pick<SessionEvent, 'type' | 'seq' | 'surfaceOp'>): SurfaceStep {
    // surfaceOp first: absent on almost every event, and cheaper to test than the type.
    if (event.surfaceOp === undefined || !SURFACE_TYPES.has(event.type)) return NONE;
    const op = event.surfaceOp;
    if (op === 'append') {
      this.nodes.push(event.seq);
      this.visibleSet.add(event.seq);
      return { kind: 'append', seq: event.seq };
    }
    if (!isReplaceOp(op)) return { kind: 'invalid', seq: event.seq, reason: `surfaceOp ${show(op)} is neither "append" nor {op:"replace",start,end}` };
    const startIdx = this.nodes.indexOf(op.start);
    const endIdx = this.nodes.indexOf(op.end);
    if (startIdx < 0) return { kind: 'invalid', seq: event.seq, reason: `replace start ${op.start} is not on the visible surface` };
    if (endIdx < 0) return { kind: 'invalid', seq: event.seq, reason: `replace end ${op.end} is not on the visible surface` };
    if (startIdx > endIdx) return { kind: 'invalid', seq: event.seq, reason: `replace start ${op.start} comes after end ${op.end} on the surface` };
    const shadowed = this.nodes.splice(startIdx, endIdx - startIdx + 1, event.seq);
    for (const s of shadowed) this.visibleSet.delete(s);
    this.visibleSet.add(event.seq);
    return { kind: 'replace', seq: event.seq, start: op.start, end: op.end, shadowed };
  }

  /** Fold a whole event list from empty. */
  static of(events: Iterable<Pick<SessionEvent, 'type' | 'seq' | 'surfaceOp'>>): SurfaceFold {
    const fold = new SurfaceFold();
    for (const e of events) fold.apply(e);
    return fold;
  }
}
