import { claimedZone } from './browser-zone.js';

/**
 * The facts time-context reads from the durable log, kept as an incremental index so a pre-step costs
 * O(new events + log₂ n) instead of a backward scan of the whole log (the published plugin copies and
 * reverses `session.events` several times per pre-step).
 *
 * The index is a pure function of the event array. It covers a suffix of the log, `[from, length)`:
 * - on first sight of a session it covers nothing, and each question walks back from `from` only as
 *   far as its answer needs (the newest reading, the newest model-visible event, the latest
 *   `turn/start` of a turn), the way the published plugin's backward scan does, so a restart costs the
 *   distance back to those events rather than the length of the log; every event is walked at most once;
 * - events appended since the last look are added oldest first, so the suffix always reaches the end.
 * It holds no memory of decisions (which attempts injected or were suppressed), only what the log says, so:
 * - after compaction it still answers from raw events (a shadowed reading still counts);
 * - after a restart the host hands over a new session object, which is a new key, so the index is
 *   rebuilt from the same events and answers exactly as before;
 * - if the array behind a session is swapped, shortened, or rewritten at the indexed tail (none of
 *   which an append-only log does), the index notices and rebuilds instead of answering stale.
 * Answers are about the log as of the last {@link LogIndex.sync}.
 *
 * It lives in a WeakMap keyed by the session object, so it dies with the session.
 */

export interface LogEvent {
  readonly type: string;
  readonly seq?: number;
  readonly time: number;
  readonly data: unknown;
}

export interface SessionLike {
  readonly events: readonly LogEvent[];
}

/** A time-context reading in the scheduling sense: any `user/message` whose source names the plugin. */
export function isReadingEvent(event: LogEvent): boolean {
  if (event.type !== 'user/message') return false;
  const source = (event.data as { source?: { kind?: unknown; plugin?: unknown } } | null)?.source;
  return source?.kind === 'plugin' && source.plugin === 'time-context';
}

/** The events whose time is "the preceding model-visible message" for a first step. */
export function isModelVisibleEvent(event: LogEvent): boolean {
  return event.type === 'user/message' || event.type === 'assistant/message' || event.type === 'tool/result';
}

/** Sentinel seq for "no such event"; every real seq is ≥ 0. */
const NONE = -1;

export class LogIndex {
  private events: readonly LogEvent[] = [];
  /** Events `[from, length)` are indexed; `from` only moves back (lazily), `length` only forward. */
  private from = 0;
  private length = 0;
  private tail: LogEvent | undefined;
  // The newest facts of the indexed suffix, as plain number fields rather than `{seq, time}` objects:
  // a walk may touch every event of a long log, and an allocation per visible event dominated its cost.
  private readingSeq = NONE;
  private readingTime = 0;
  private visibleSeq = NONE;
  private visibleTime = 0;
  /** seq of the latest `turn/start` per `data.turn` value, within the indexed suffix. */
  private turnStarts = new Map<unknown, number>();
  /**
   * Every user/message carrying a browser-zone claim in the indexed suffix, as parallel arrays: the
   * ones found walking back in descending seq, the ones appended since in ascending seq. Every seq of
   * the first is below every seq of the second, so `older` reversed followed by `newer` is in log order.
   */
  private olderClaimSeqs: number[] = [];
  private olderClaimZones: string[] = [];
  private newerClaimSeqs: number[] = [];
  private newerClaimZones: string[] = [];

  /** Bring the index up to date with `events` (rebuilding when it is not an extension of what was indexed). */
  sync(events: readonly LogEvent[]): this {
    const extendsIndexed = events === this.events && events.length >= this.length && (this.length === 0 || events[this.length - 1] === this.tail);
    if (!extendsIndexed) this.reset(events);
    for (let i = this.length; i < events.length; i++) this.addNewer(i, events[i]);
    this.length = events.length;
    this.tail = events.length > 0 ? events[events.length - 1] : undefined;
    return this;
  }

  /** Forget everything: index the empty suffix at the end of `events` (older events are walked on demand). */
  private reset(events: readonly LogEvent[]): void {
    this.events = events;
    this.from = events.length;
    this.length = events.length;
    this.tail = events.length > 0 ? events[events.length - 1] : undefined;
    this.readingSeq = NONE;
    this.readingTime = 0;
    this.visibleSeq = NONE;
    this.visibleTime = 0;
    this.turnStarts = new Map();
    this.olderClaimSeqs = [];
    this.olderClaimZones = [];
    this.newerClaimSeqs = [];
    this.newerClaimZones = [];
  }

  /** An appended event: newer than everything indexed, so each fact it carries replaces the old one. */
  private addNewer(seq: number, event: LogEvent): void {
    const type = event.type;
    if (type === 'turn/start') {
      this.turnStarts.set((event.data as { turn?: unknown } | null)?.turn, seq);
      return;
    }
    if (isModelVisibleEvent(event)) {
      this.visibleSeq = seq;
      this.visibleTime = event.time;
    }
    if (type !== 'user/message') return;
    if (isReadingEvent(event)) {
      this.readingSeq = seq;
      this.readingTime = event.time;
    }
    const zone = claimedZone((event.data as { source?: unknown } | null)?.source);
    if (zone !== undefined) {
      this.newerClaimSeqs.push(seq);
      this.newerClaimZones.push(zone);
    }
  }

  /** An event found walking back: older than everything indexed, so it only fills facts still missing. */
  private addOlder(seq: number, event: LogEvent): void {
    const type = event.type;
    if (type === 'turn/start') {
      const turn = (event.data as { turn?: unknown } | null)?.turn;
      if (!this.turnStarts.has(turn)) this.turnStarts.set(turn, seq);
      return;
    }
    if (this.visibleSeq === NONE && isModelVisibleEvent(event)) {
      this.visibleSeq = seq;
      this.visibleTime = event.time;
    }
    if (type !== 'user/message') return;
    if (this.readingSeq === NONE && isReadingEvent(event)) {
      this.readingSeq = seq;
      this.readingTime = event.time;
    }
    const zone = claimedZone((event.data as { source?: unknown } | null)?.source);
    if (zone !== undefined) {
      this.olderClaimSeqs.push(seq);
      this.olderClaimZones.push(zone);
    }
  }

  /** Walk back until `answered()` holds or the log's first event has been indexed. */
  private walkBackUntil(answered: () => boolean): void {
    const events = this.events;
    while (this.from > 0 && !answered()) {
      this.from--;
      this.addOlder(this.from, events[this.from]);
    }
  }

  /** Time of the latest raw reading, shadowed or not (interval scheduling). */
  latestReadingTime(): number | undefined {
    this.walkBackUntil(() => this.readingSeq !== NONE);
    return this.readingSeq === NONE ? undefined : this.readingTime;
  }

  /** Time of the latest raw model-visible event (the step-1 baseline). */
  latestModelVisibleTime(): number | undefined {
    this.walkBackUntil(() => this.visibleSeq !== NONE);
    return this.visibleSeq === NONE ? undefined : this.visibleTime;
  }

  /**
   * The later-step baseline: the latest reading after the latest `turn/start` of `turn`. With no such
   * `turn/start` at all, the latest reading anywhere (what a backward scan that never meets the turn
   * boundary finds).
   */
  readingTimeInTurn(turn: number): number | undefined {
    // The backward scan stops at whichever comes first: the newest reading or the turn's start.
    this.walkBackUntil(() => this.readingSeq !== NONE || this.turnStarts.has(turn));
    if (this.readingSeq === NONE) return undefined;
    // A `turn/start` older than `from` (not walked yet) is older than the reading too.
    const start = this.turnStarts.get(turn) ?? NONE;
    return this.readingSeq > start ? this.readingTime : undefined;
  }

  /** Browser-zone claims of durable user messages after the latest `turn/start` of `turn` (none without one). */
  zoneClaimsInTurn(turn: number): string[] {
    this.walkBackUntil(() => this.turnStarts.has(turn));
    const start = this.turnStarts.get(turn);
    if (start === undefined) return [];
    const claims: string[] = [];
    // Walked-back claims are newest first: those after the start are a prefix, taken oldest first.
    let older = 0;
    while (older < this.olderClaimSeqs.length && this.olderClaimSeqs[older] > start) older++;
    for (let i = older - 1; i >= 0; i--) claims.push(this.olderClaimZones[i]);
    // Appended claims ascend: binary-search the first after the start.
    const seqs = this.newerClaimSeqs;
    let lo = 0;
    let hi = seqs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (seqs[mid] > start) hi = mid;
      else lo = mid + 1;
    }
    for (let i = lo; i < seqs.length; i++) claims.push(this.newerClaimZones[i]);
    return claims;
  }
}

const indexes = new WeakMap<object, LogIndex>();

/** The up-to-date index of `session`'s durable log. */
export function indexFor(session: SessionLike): LogIndex {
  let index = indexes.get(session);
  if (index === undefined) {
    index = new LogIndex();
    indexes.set(session, index);
  }
  return index.sync(session.events);
}
