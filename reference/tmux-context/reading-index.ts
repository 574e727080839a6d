/**
 * Where is this session's latest tmux reading? An index over the durable log that answers in O(1) per
 * pre-step instead of scanning the whole log backwards every time (what DSH does).
 *
 * The answer is a pure function of the log, never a memory of past decisions: the first time it sees a
 * session object it scans backwards, as DSH does, but only once and only as far as the newest reading
 * (the definition needs nothing older); after that it is extended by the events appended since its
 * last look, and rebuilt from scratch when the log is not the one it indexed (a different session
 * object, a shorter log, or an already-indexed event that is no longer the same object). Shadowed events stay in the raw
 * log, so compaction cannot hide a reading from it, and a restart (a new plugin instance over the same
 * events) rebuilds it from the log alone.
 *
 * The semantics are exactly the backward scan's ({@link latestReadingByScan}): the scan stops at the
 * newest `user/message` whose source names `tmux-context`; if that message's first block is not text
 * there is no previous reading (neither comparison nor interval applies). A message the scan could not
 * even inspect (no `data`, no `source`) would make the scan throw; the index stops there too and
 * re-evaluates that event, so it throws the same error.
 */

export interface PreviousReading {
  /** The reading's state block (text after the first newline, `''` if none). */
  state: string;
  /** The event's durable `time`. */
  time: number;
}

type EventLike = { type?: unknown; time?: unknown; data?: unknown };
type LogLike = { events: ArrayLike<EventLike> };

const PLUGIN = 'tmux-context';

/** Does the backward scan stop at this event? (May throw, exactly where the scan would.) */
function isReadingEvent(event: any): boolean {
  return event.type === 'user/message' && event.data.source.kind === 'plugin' && event.data.source.plugin === PLUGIN;
}

/** The scan's verdict on the event it stopped at (may throw, exactly where the scan would). */
function previousFrom(event: any): PreviousReading | undefined {
  const [block] = event.data.content;
  if (block?.type !== 'text') return undefined;
  const newline = block.text.indexOf('\n');
  return { state: newline === -1 ? '' : block.text.slice(newline + 1), time: event.time };
}

function stopsScan(event: EventLike): boolean {
  try {
    return isReadingEvent(event);
  } catch {
    return true;
  }
}

/** The naive definition: scan raw events newest-first. The index must always agree with it. */
export function latestReadingByScan(session: LogLike): PreviousReading | undefined {
  const events = session.events;
  for (let i = events.length - 1; i >= 0; i--) {
    if (isReadingEvent(events[i])) return previousFrom(events[i]);
  }
  return undefined;
}

interface Entry {
  /** The log length at the last look (every event below it is accounted for). */
  scanned: number;
  /** The last looked-at event (identity check: is this still the same log?). */
  lastEvent: EventLike | undefined;
  /** Index of the newest event the scan would stop at, or -1. */
  stop: number;
  stopEvent: EventLike | undefined;
}

export class ReadingIndex {
  private readonly entries = new WeakMap<object, Entry>();
  /** Events inspected since construction (for tests and benchmarks: proves the work is incremental). */
  inspected = 0;

  /** The latest reading of `session`'s log, as {@link latestReadingByScan} would find it. */
  latest(session: LogLike): PreviousReading | undefined {
    const events = session.events;
    let entry = this.entries.get(session);
    if (entry === undefined || !this.stillIndexes(entry, events)) {
      entry = { scanned: 0, lastEvent: undefined, stop: -1, stopEvent: undefined };
      this.entries.set(session, entry);
    }
    if (entry.scanned === 0) {
      // First sight: walk back from the newest event to the first one the scan stops at. Older events
      // can never matter again (the log only grows), so a restart costs the distance back to the
      // latest reading, not the length of the log.
      for (let i = events.length - 1; i >= 0; i--) {
        const event = events[i];
        this.inspected++;
        if (stopsScan(event)) {
          entry.stop = i;
          entry.stopEvent = event;
          break;
        }
      }
    } else {
      // Later looks: only the events appended since, oldest first, so the newest stop wins.
      for (let i = entry.scanned; i < events.length; i++) {
        const event = events[i];
        this.inspected++;
        if (stopsScan(event)) {
          entry.stop = i;
          entry.stopEvent = event;
        }
      }
    }
    entry.scanned = events.length;
    entry.lastEvent = events.length > 0 ? events[events.length - 1] : undefined;
    if (entry.stop < 0) return undefined;
    const event = events[entry.stop];
    // Re-evaluate rather than cache: the verdict (or the error) is the scan's, from the log itself.
    if (!isReadingEvent(event)) return undefined;
    return previousFrom(event);
  }

  /** The log only grew since the entry was built (append-only durable logs never change in place). */
  private stillIndexes(entry: Entry, events: ArrayLike<EventLike>): boolean {
    if (events.length < entry.scanned) return false;
    if (entry.scanned > 0 && events[entry.scanned - 1] !== entry.lastEvent) return false;
    if (entry.stop >= 0 && events[entry.stop] !== entry.stopEvent) return false;
    return true;
  }
}
