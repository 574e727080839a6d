import type { RuleModule } from '../../engine.js';
import type { LocatedEvent } from '../../log/types.js';
import type { SessionModel } from '../../model/session-model.js';
import { canonicalDuration, durationSeconds, isReading, zoneClaim } from './grammar.js';
import { timeContextMessages, timeContextRuleMeta } from './meta.js';
import { checkStructure, readingText, type Problem, type ReadingFacts, type ZoneClaim } from './structure.js';
import { certainlySuppressed, elapsedRange, sampledBeforeDurable, sampleLowerBound, sampleWindow } from './timing.js';

/**
 * time-context rules over one log, in one pass. Besides the shared {@link SessionModel} (open turn and
 * step, request started, latest model-visible event, latest time), the fold keeps only open state: the
 * open turn's browser-zone claims, the latest raw reading, and a snapshot taken at the open step's
 * `step/start` of what the plugin could see when that step's pre-step ran (the pre-step runs just
 * before `step/start` is appended). Memory is bounded by the open turn, never by log length.
 */

interface Stamp {
  seq: number;
  time: number;
}

/** What the log held when the open step's pre-step ran. */
interface StepSnapshot {
  stepStart: Stamp;
  /**
   * The event just before `step/start`: the latest durable event when the pre-step ran. Not the maximum
   * time of the prefix: after an earlier clock step backwards, later events legitimately carry lower
   * times, and the sample only follows the events appended since.
   */
  lastDurable: Stamp | undefined;
  /** Step-1 baseline: latest raw model-visible event. */
  modelVisible: Stamp | undefined;
  /** Later-step baseline: latest raw reading after the turn's `turn/start`. */
  readingInTurn: Stamp | undefined;
  /** Latest raw reading (interval scheduling compares with it). */
  latestReading: Stamp | undefined;
  readings: number;
  /** An assistant or tool event came after `step/start` (2026-07 prompt assembly is over). */
  assemblyOver: boolean;
}

const ASSEMBLY_ENDERS = new Set(['assistant/chunk', 'assistant/message', 'tool/call', 'tool/result']);
/** Turn and step boundaries and readings, plus (2026-07 only) the events that end prompt assembly. */
const BOUNDARIES = ['turn/start', 'step/start', 'step/end', 'turn/end', 'user/message'];
const VISITED_TYPES: ReadonlySet<string> = new Set(BOUNDARIES);
// `assemblyOver` is only read under 2026-07 (TC-POS-5); other revisions let the streamed chunks,
// the bulk of any log, skip this module.
const VISITED_TYPES_2026_07: ReadonlySet<string> = new Set([...BOUNDARIES, ...ASSEMBLY_ENDERS]);

/**
 * An event's time (or seq) as a number the timing arithmetic can use: anything else becomes NaN,
 * which every comparison rejects. A log can put any JSON there, and comparing a 10k-deep array with a
 * number converts it to a string recursively (a stack overflow); the LOG-ENV rules report the bad
 * value itself.
 */
const numberOf = (value: unknown): number => (typeof value === 'number' ? value : NaN);

export const timeContextRules: RuleModule<typeof timeContextMessages> = {
  name: 'time-context',
  source: 'time-context',
  rules: timeContextRuleMeta,
  messages: timeContextMessages,
  create(ctx) {
    const revision = ctx.options.revision;
    const rawInterval = ctx.options.configs['time-context']?.refreshIntervalMs;
    const interval = Number.isSafeInteger(rawInterval) && (rawInterval as number) > 0 ? (rawInterval as number) : undefined;
    const skew = ctx.options.maxClockSkewMs;
    let claims: ZoneClaim[] = [];
    let latestReading: Stamp | undefined;
    let step: StepSnapshot | undefined;

    const check = (located: LocatedEvent, model: SessionModel): void => {
      const event = located.event;
      // A Problem is already checked against the templates (MessageOf); the union is passed on as is.
      const report = (p: Problem): void => ctx.report(p.rule, { event: located, messageId: p.messageId, data: p.data, witness: p.witness } as never);
      const data = event.data as { source?: unknown; content?: unknown };

      if (step !== undefined) {
        step.readings++;
        if (step.readings > 1) report({ rule: 'TC-SCHED-2', messageId: 'secondReading', data: { step: model.openStep, turn: model.openTurn }, witness: [step.stepStart.seq] });
        if (revision === '2026-07' && step.assemblyOver && model.openStep !== null && !model.requestStarted) {
          report({ rule: 'TC-POS-5', messageId: 'afterAssembly', data: {} });
        }
      }
      const content = readingText(data);
      if ('rule' in content) return report(content);
      const facts = checkStructure(
        revision,
        data,
        content.text,
        numberOf(event.time),
        { turn: model.openTurn, step: model.openStep, requestStarted: model.requestStarted },
        { claims },
        report,
      );
      if (facts?.renderedMs === undefined) return;
      const window = sampleWindow(facts.renderedMs, numberOf(event.time), step === undefined ? undefined : sampleLowerBound(step.lastDurable?.time, step.stepStart.time));

      // Inside a step, the reading the pre-step could see (a second reading of the same step is
      // TC-SCHED-2's, not a scheduling violation against its twin).
      const last = step !== undefined ? step.latestReading : latestReading;
      if (interval !== undefined && last !== undefined && certainlySuppressed(window, last.time, interval)) {
        report({
          rule: 'TC-SCHED-1',
          messageId: 'suppressed',
          data: { fromMs: window.earliest - last.time, toMs: window.latest - last.time, previousSeq: last.seq, intervalMs: interval },
          witness: [last.seq],
        });
      }
      if (step !== undefined && facts.placed) checkTiming(facts, window, step, report, skew);
    };

    return {
      eventTypes: revision === '2026-07' ? VISITED_TYPES_2026_07 : VISITED_TYPES,
      onEvent(located, model) {
        const event = located.event;
        switch (event.type) {
          case 'turn/start':
            claims = [];
            step = undefined;
            return;
          case 'step/start': {
            const turnStart = model.openTurn === null ? undefined : model.turnStartSeq.get(model.openTurn);
            // The event before step/start, which the model still holds in this pre-commit view.
            const previous = model.lastEvent;
            step = {
              stepStart: { seq: numberOf(event.seq), time: numberOf(event.time) },
              lastDurable: previous === null ? undefined : { seq: numberOf(previous.seq), time: numberOf(previous.time) },
              modelVisible: model.lastModelVisible ?? undefined,
              readingInTurn: latestReading !== undefined && latestReading.seq > (turnStart ?? -1) ? latestReading : undefined,
              latestReading,
              readings: 0,
              assemblyOver: false,
            };
            return;
          }
          case 'step/end':
          case 'turn/end':
            step = undefined;
            return;
          case 'user/message':
            break;
          default:
            if (step !== undefined && ASSEMBLY_ENDERS.has(event.type)) step.assemblyOver = true;
            return;
        }
        if (isReading(event)) {
          check(located, model);
          latestReading = { seq: numberOf(event.seq), time: numberOf(event.time) };
          return;
        }
        const zone = zoneClaim((event.data as { source?: unknown } | null)?.source);
        if (zone !== undefined) claims.push({ seq: event.seq, zone });
      },
    };
  },
};

/** TC-ELAPSED-1/2 and TC-SAMPLE-1 for a reading that names its own open step with the right label. */
function checkTiming(facts: ReadingFacts, window: ReturnType<typeof sampleWindow>, step: StepSnapshot, report: (p: Problem) => void, skew: number): void {
  const baseline = facts.parsed.step === 1 ? step.modelVisible : step.readingInTurn;
  const what = facts.parsed.step === 1 ? 'model-visible event' : 'reading of this turn';
  const elapsed = facts.parsed.elapsed;
  if (baseline === undefined && elapsed !== 'unavailable') {
    report({ rule: 'TC-ELAPSED-2', messageId: 'noBaseline', data: { elapsed, baseline: what } });
  } else if (baseline !== undefined && elapsed === 'unavailable') {
    report({ rule: 'TC-ELAPSED-2', messageId: 'unavailable', data: { baseline: what, baselineSeq: baseline.seq }, witness: [baseline.seq] });
  } else if (baseline !== undefined) {
    const seconds = durationSeconds(elapsed)!;
    const range = elapsedRange(window, baseline.time);
    if (canonicalDuration(seconds) !== elapsed) {
      report({ rule: 'TC-ELAPSED-1', messageId: 'notCanonical', data: { elapsed, expected: canonicalDuration(seconds) }, witness: [baseline.seq] });
    } else if (seconds < range.min || seconds > range.max) {
      const allowed = { min: canonicalDuration(range.min), max: canonicalDuration(range.max), single: range.min === range.max };
      report({ rule: 'TC-ELAPSED-1', messageId: 'disagrees', data: { elapsed, baseline: what, baselineSeq: baseline.seq, ...allowed }, witness: [baseline.seq] });
    }
  }
  const durable = step.lastDurable;
  if (durable !== undefined && Number.isFinite(durable.time) && sampledBeforeDurable(window, durable.time, step.stepStart.time, skew)) {
    report({
      rule: 'TC-SAMPLE-1',
      messageId: 'beforeDurable',
      data: { sampledAt: new Date(window.earliest).toISOString(), marginMs: durable.time - window.latest, durableSeq: durable.seq, durableAt: new Date(durable.time).toISOString(), skewMs: skew },
      witness: [durable.seq, step.stepStart.seq],
    });
  }
}
