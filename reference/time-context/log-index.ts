import { claimedZone } from './browser-zone.js';

/**
 * The facts time-context reads from the durable log, kept as an incremental index so a pre-step costs
 * O(new events + log₂ n) instead of a backward scan of the whole log (the published plugin copies and
 * reverses `session.events` several times per pre-step).
 *
 * The index is a pure function of the event array: it is built from `session.events` the first time a
 * session object is seen and extended with the events appended since. It holds no memory of decisions
 * (which attempts injected or were suppressed), only what the log says, so:
 * - after compaction it still answers from raw events (a shadowed reading still counts);
 * - after a restart the host hands over a new session object, which is a new key, so the index is
 *   rebuilt from the same events and answers exactly as before;
 * - if the array behind a session is swapped, shortened, or rewritten at the indexed tail (none of
 *   which an append-only log does), the index notices and rebuilds instead of answering stale.
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
  private length = 0;
  private tail: LogEvent | undefined;
  // The latest facts are plain number fields rather than `{seq, time}` objects: the build touches every
  // event of the log, and an allocation per visible event dominated its cost.
  private latestReadingSeq = NONE;
  private latestReadingTimeValue = 0;
  private latestModelVisibleSeq = NONE;
  private latestModelVisibleTimeValue = 0;
  /** seq of the latest `turn/start` per `data.turn` value. */
  private turnStarts = new Map<unknown, number>();
  /** Every user/message carrying a browser-zone claim, in seq order (parallel arrays; seqs ascend: binary-searchable). */
  private zoneClaimSeqs: number[] = [];
  private zoneClaimZones: string[] = [];

  /** Bring the index up to date with `events` (rebuilding when it is not an extension of what was indexed). */
  sync(events: readonly LogEvent[]): this {
    const extendsIndexed = events === this.events && events.length >= this.length && (this.length === 0 || events[this.length - 1] === this.tail);
    if (!extendsIndexed) this.reset(events);
    for (let i = this.length; i < events.length; i++) this.add(i, events[i]);
    this.length = events.length;
    this.tail = events.length > 0 ? events[events.length - 1] : undefined;
    return this;
  }

  private reset(events: readonly LogEvent[]): void {
    this.events = events;
    this.length = 0;
    this.tail = undefined;
    this.latestReadingSeq = NONE;
    this.latestReadingTimeValue = 0;
    this.latestModelVisibleSeq = NONE;
    this.latestModelVisibleTimeValue = 0;
    this.turnStarts = new Map();
    this.zoneClaimSeqs = [];
    this.zoneClaimZones = [];
  }

  private add(seq: number, event: LogEvent): void {
    const type = event.type;
    if (type === 'turn/start') {
      this.turnStarts.set((event.data as { turn?: unknown } | null)?.turn, seq);
      return;
    }
    if (isModelVisibleEvent(event)) {
      this.latestModelVisibleSeq = seq;
      this.latestModelVisibleTimeValue = event.time;
    }
    if (type !== 'user/message') return;
    if (isReadingEvent(event)) {
      this.latestReadingSeq = seq;
      this.latestReadingTimeValue = event.time;
    }
    const zone = claimedZone((event.data as { source?: unknown } | null)?.source);
    if (zone !== undefined) {
      this.zoneClaimSeqs.push(seq);
      this.zoneClaimZones.push(zone);
    }
  }

  /** Time of the latest raw reading, shadowed or not (interval scheduling). */
  latestReadingTime(): number | undefined {
    return this.latestReadingSeq === NONE ? undefined : this.latestReadingTimeValue;
  }

  /** Time of the latest raw model-visible event (the step-1 baseline). */
  latestModelVisibleTime(): number | undefined {
    return this.latestModelVisibleSeq === NONE ? undefined : this.latestModelVisibleTimeValue;
  }

  /**
   * The later-step baseline: the latest reading after the latest `turn/start` of `turn`. With no such
   * `turn/start` at all, the latest reading anywhere (what a backward scan that never meets the turn
   * boundary finds).
   */
  readingTimeInTurn(turn: number): number | undefined {
    const start = this.turnStarts.get(turn) ?? NONE;
    return this.latestReadingSeq !== NONE && this.latestReadingSeq > start ? this.latestReadingTimeValue : undefined;
  }

  /** Browser-zone claims of durable user messages after the latest `turn/start` of `turn` (none without one). */
  zoneClaimsInTurn(turn: number): string[] {
    const start = this.turnStarts.get(turn);
    if (start === undefined) return [];
    const seqs = this.zoneClaimSeqs;
    let lo = 0;
    let hi = seqs.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (seqs[mid] > start) hi = mid;
      else lo = mid + 1;
    }
    return this.zoneClaimZones.slice(lo);
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
