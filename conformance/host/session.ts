import type { SessionEvent, SessionHeader, SurfaceOp } from '../../invariants/log/types.js';
import { SurfaceFold } from '../../invariants/model/surface.js';

/**
 * The durable session log of the simulated host: the object plugins see as `agent.session`.
 *
 * Exactly the members the published plugins read: `id`, `header` (with `cwd`), `events` (indexed by
 * seq, shadowed events included) and `surface.nodes` (the visible seqs, kept by the same fold the
 * validator uses). Appends stamp `seq = events.length` and `time = Date.now()` like `Session.append`.
 */
export class SimSession {
  readonly events: SessionEvent[] = [];
  private readonly fold = new SurfaceFold();
  readonly surface: { readonly nodes: readonly number[] };

  constructor(
    readonly id: string,
    readonly header: SessionHeader,
    initial: readonly SessionEvent[] = [],
  ) {
    const fold = this.fold;
    this.surface = {
      get nodes() {
        return fold.nodes;
      },
    };
    for (const event of initial) this.push(structuredClone(event));
  }

  private push(event: SessionEvent): SessionEvent {
    if (event.seq !== this.events.length) throw new Error(`internal: seq ${event.seq} appended at index ${this.events.length}`);
    Object.freeze(event);
    this.events.push(event);
    this.fold.apply(event);
    return event;
  }

  append(type: string, data: unknown, extra: { surfaceOp?: SurfaceOp; sourceEventSeqs?: number[] } = {}): SessionEvent {
    const event: SessionEvent = { type, seq: this.events.length, time: Date.now(), data: structuredClone(data) };
    if (extra.sourceEventSeqs !== undefined) event.sourceEventSeqs = [...extra.sourceEventSeqs];
    if (extra.surfaceOp !== undefined) event.surfaceOp = extra.surfaceOp;
    return this.push(event);
  }

  /** A fresh session object over a copy of the same durable events, as after a process restart. */
  reopen(): SimSession {
    return new SimSession(this.id, structuredClone(this.header), this.events);
  }
}
