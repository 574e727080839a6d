import type { SessionEvent, SessionHeader } from '../log/types.js';
import { SurfaceFold, type SurfaceStep } from './surface.js';

/**
 * The open state of one session while its log is read front to back: which turn and step are open,
 * whether the step's request has started, what is visible on the surface, and a few facts several
 * rules need (the latest model-visible message, the latest time seen). Everything here is bounded by
 * open state, never by log length, except the surface itself (which is what the model sees).
 *
 * Rules observe the model *before* it applies the event under inspection (the pre-commit view DSH's
 * own invariants have); the engine then calls {@link SessionModel.apply}.
 */
const NO_DATA: Readonly<Record<string, unknown>> = Object.freeze({});

export class SessionModel {
  header: SessionHeader | null = null;
  eventCount = 0;
  lastSeq = -1;

  openTurn: number | null = null;
  openTurnSeq: number | null = null;
  openStep: number | null = null;
  openStepSeq: number | null = null;
  /** A `request/header` has been written inside the open step. */
  requestStarted = false;
  /** The number the next `turn/start` must carry (last turn/start + 1; 1 for a fresh log). */
  nextTurn = 1;
  /** The number the next `step/start` must carry inside the open turn. */
  nextStep = 1;
  /** seq of the latest `turn/start` per turn number (time-context's later-step baseline stops there). */
  readonly turnStartSeq = new Map<number, number>();

  /**
   * The event applied last: in the pre-commit view, the event right before the one under inspection
   * (null before the first). Rules that only need "the previous event" read it here instead of
   * visiting every event themselves.
   */
  lastEvent: SessionEvent | null = null;
  /** The latest raw `user/message`, `assistant/message` or `tool/result` (shadowed or not). */
  lastModelVisible: { seq: number; time: number } | null = null;
  // The latest time is kept as two numbers (it changes on almost every event; an object per event
  // was a measurable share of `check`), and handed out as an object on demand.
  private maxTimeSeq = 0;
  private maxTimeValue = Number.NaN;
  /** The latest `time` seen so far and the seq that carried it (clock-regression detection). */
  get maxTime(): { seq: number; time: number } | null {
    return Number.isNaN(this.maxTimeValue) ? null : { seq: this.maxTimeSeq, time: this.maxTimeValue };
  }

  readonly surface = new SurfaceFold();
  /** What the last {@link apply} did to the surface (for rules that run after it in `onAfterEvent`). */
  lastSurfaceStep: SurfaceStep = { kind: 'none' };

  setHeader(header: SessionHeader): void {
    this.header = header;
  }

  apply(event: SessionEvent): void {
    this.eventCount++;
    this.lastSeq = event.seq;
    this.lastEvent = event;
    const data = (event.data ?? NO_DATA) as Record<string, unknown>;
    switch (event.type) {
      case 'turn/start': {
        const turn = typeof data.turn === 'number' ? data.turn : null;
        this.openTurn = turn;
        this.openTurnSeq = event.seq;
        this.openStep = null;
        this.openStepSeq = null;
        this.requestStarted = false;
        this.nextStep = 1;
        if (turn !== null) {
          // Only a number: rules compare these seqs, and comparing a hostile value (a 10k-deep array)
          // with a number stringifies it recursively.
          if (typeof event.seq === 'number') this.turnStartSeq.set(turn, event.seq);
          this.nextTurn = turn + 1;
        }
        break;
      }
      case 'turn/end':
        this.openTurn = null;
        this.openTurnSeq = null;
        this.openStep = null;
        this.openStepSeq = null;
        this.requestStarted = false;
        break;
      case 'step/start': {
        const step = typeof data.step === 'number' ? data.step : null;
        this.openStep = step;
        this.openStepSeq = event.seq;
        this.requestStarted = false;
        if (step !== null) this.nextStep = step + 1;
        break;
      }
      case 'step/end':
        this.openStep = null;
        this.openStepSeq = null;
        this.requestStarted = false;
        break;
      case 'request/header':
        this.requestStarted = true;
        break;
    }
    if (event.type === 'user/message' || event.type === 'assistant/message' || event.type === 'tool/result') {
      this.lastModelVisible = { seq: event.seq, time: event.time };
    }
    if (Number.isFinite(event.time) && (Number.isNaN(this.maxTimeValue) || event.time > this.maxTimeValue)) {
      this.maxTimeSeq = event.seq;
      this.maxTimeValue = event.time;
    }
    this.lastSurfaceStep = this.surface.apply(event);
  }
}
