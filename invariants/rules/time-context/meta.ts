import type { RuleMeta } from '../../engine.js';
import { defineMessages } from '../../message-templates.js';

const doc = 'spec/time-context.md';

/**
 * The time-context rules. TC-CONTENT-1 … TC-TIME-3 are the published companion's eleven checks
 * (`@deepseek-ai/dsh-time-context/invariant`, in its order), each with its own id; the raw TypeError
 * the companion throws for a corrupt browser zone is TC-ZONE-2. TC-ELAPSED-*, TC-SAMPLE-1, TC-SCHED-*
 * and TC-POS-5 are what the companion does not check.
 */
export const timeContextRuleMeta = {
  'TC-CONTENT-1': {
    severity: 'error',
    title: 'One text block',
    must: 'A time-context reading MUST contain exactly one content block, and that block MUST be exactly `{type: "text", text: <string>}`.',
    doc,
  },
  'TC-FORMAT-1': {
    severity: 'error',
    title: 'Durable reading grammar',
    must: 'The reading text MUST match the durable reading grammar of the spec revision (three lines in 2026-08, two lines in 2026-07).',
    doc,
  },
  'TC-FORMAT-2': {
    severity: 'error',
    title: 'Positive turn and step',
    must: 'The turn and step a reading names MUST be positive safe integers.',
    doc,
  },
  'TC-POS-1': {
    severity: 'error',
    title: 'Inside an open turn',
    must: 'A reading MUST be appended inside an open turn (after `turn/start`, before `turn/end`).',
    doc,
  },
  'TC-POS-2': {
    severity: 'error',
    title: 'After step/start',
    must: 'A reading MUST be appended inside an open step (after `step/start`, before `step/end`).',
    doc,
  },
  'TC-POS-3': {
    severity: 'error',
    title: 'Before request/header',
    must: 'A reading MUST be appended before the step writes `request/header`.',
    doc,
  },
  'TC-POS-4': {
    severity: 'error',
    title: 'Names its own turn and step',
    must: 'The turn and step a reading names MUST equal the open turn and step it is appended in.',
    doc,
  },
  'TC-POS-5': {
    severity: 'error',
    title: 'During prompt assembly (2026-07)',
    must: 'Under 2026-07 a reading MUST be appended during prompt assembly: no assistant chunk or message, tool call or tool result may come between its `step/start` and the reading.',
    doc,
    revisions: ['2026-07'],
  },
  'TC-SRC-1': {
    severity: 'error',
    title: 'Package ownership',
    must: 'A reading\'s source MUST be `kind: "plugin"` with `plugin: "time-context"`.',
    doc,
  },
  'TC-SRC-2': {
    severity: 'error',
    title: 'Exact snapshot source',
    must: 'A reading\'s source MUST be exactly `{kind: "plugin", plugin: "time-context", form: "snapshot", sections: [{name: "time-context", text}]}` with `text` equal to the content text, and nothing else.',
    doc,
  },
  'TC-ZONE-1': {
    severity: 'error',
    title: 'Browser-zone policy matches the turn',
    must: 'The browser-zone policy line MUST be the one derived from the browser-zone claims of the turn\'s user messages (resolved, sorted mixed, or unavailable).',
    doc,
    revisions: ['2026-08'],
  },
  'TC-ZONE-2': {
    severity: 'error',
    title: 'Browser-zone claims are canonical',
    must: 'Every browser-zone claim (`clientTimeZone` of a user-rpc message) in a turn that holds a reading MUST be canonical `UTC` or a supported canonical IANA Area/Location zone.',
    doc,
    revisions: ['2026-08'],
  },
  'TC-BASE-1': {
    severity: 'error',
    title: 'Baseline label matches the step',
    must: 'Step 1 MUST measure from the "preceding model-visible message" and every later step from the "preceding step context".',
    doc,
  },
  'TC-TIME-1': {
    severity: 'error',
    title: 'Timestamp does not postdate its event',
    must: 'The rendered timestamp MUST parse, the event `time` MUST be a safe integer, and the rendered time MUST NOT be later than the event `time`.',
    doc,
  },
  'TC-TIME-2': {
    severity: 'error',
    title: 'Resolved browser zone can format',
    must: 'When the turn has a unique browser zone, that zone MUST be able to format the reading\'s timestamp.',
    doc,
    revisions: ['2026-08'],
  },
  'TC-TIME-3': {
    severity: 'error',
    title: 'Rendered in the unique browser zone',
    must: 'When the turn has a unique browser zone, the timestamp MUST be rendered in that zone (offset and `[Zone]` label).',
    doc,
    revisions: ['2026-08'],
  },
  'TC-ELAPSED-1': {
    severity: 'error',
    title: 'Elapsed value agrees with the log',
    must: 'A rendered duration MUST be canonical and lie between the floored, zero-clamped spans from the baseline event\'s time to the earliest and to the latest instant the reading can have been sampled at.',
    doc,
  },
  'TC-ELAPSED-2': {
    severity: 'error',
    title: 'Elapsed availability agrees with the log',
    must: 'A reading MUST say `unavailable` exactly when the log holds no baseline event for it.',
    doc,
  },
  'TC-SAMPLE-1': {
    severity: 'error',
    title: 'Not sampled before durable events',
    must: 'A reading MUST NOT have been sampled more than `maxClockSkewMs` before the latest event that was durable when its step\'s pre-step ran, unless the host clock itself went backwards across that pre-step.',
    doc,
  },
  'TC-SCHED-1': {
    severity: 'error',
    title: 'Readings respect the refresh interval',
    must: 'With a known positive `refreshIntervalMs`, a reading MUST NOT have been sampled at or after the previous raw reading\'s time and less than the interval after it.',
    doc,
  },
  'TC-SCHED-2': {
    severity: 'error',
    title: 'One reading per step',
    must: 'A step MUST NOT hold more than one time-context reading.',
    doc,
  },
} as const satisfies Record<string, RuleMeta>;

export type TimeContextRuleId = keyof typeof timeContextRuleMeta;

/** The ids that stand for the published companion's checks, in the order it runs them. */
export const UPSTREAM_CHECK_ORDER: readonly TimeContextRuleId[] = [
  'TC-CONTENT-1',
  'TC-FORMAT-1',
  'TC-FORMAT-2',
  'TC-POS-1',
  'TC-POS-2',
  'TC-POS-3',
  'TC-POS-4',
  'TC-SRC-1',
  'TC-SRC-2',
  'TC-ZONE-2',
  'TC-ZONE-1',
  'TC-BASE-1',
  'TC-TIME-1',
  'TC-TIME-2',
  'TC-TIME-3',
];

/** Which earlier event the elapsed time counts from: step 1's and later steps' baselines. */
type Baseline = 'model-visible event' | 'reading of this turn';

/** The words of the time-context findings. Values read from the log are their JSON rendering. */
export const timeContextMessages = defineMessages({
  'TC-CONTENT-1': {
    contentNotArray: (d: { found: string }) => `time-context messages must contain exactly one text block; found content ${d.found}`,
    /** `block`: the single block as shown, null when there is not exactly one. */
    notOneTextBlock: (d: { blocks: number; block: string | null }) =>
      `time-context messages must contain exactly one text block {type:"text", text}; found ${d.block === null ? `${d.blocks} blocks` : `block ${d.block}`}`,
  },
  'TC-FORMAT-1': {
    notReadingFormat: (d: { revision: string; found: string }) =>
      `time-context message does not match the durable reading format (${d.revision === '2026-07' ? 'two' : 'three'}-line reading of spec ${d.revision}); found ${d.found}`,
  },
  'TC-FORMAT-2': {
    /** The parsed numbers as text (they may not be finite). */
    notPositive: (d: { turn: string; step: string }) => `time-context turn and step must be positive safe integers; found turn ${d.turn}, step ${d.step}`,
  },
  'TC-POS-1': { outsideTurn: (_d: Record<string, never>) => 'time-context reading must be appended inside an open turn' },
  'TC-POS-2': { beforeStep: (_d: Record<string, never>) => 'time-context reading must follow step/start' },
  'TC-POS-3': { afterRequest: (_d: Record<string, never>) => 'time-context reading must precede request/header' },
  'TC-POS-4': {
    wrongPosition: (d: { turn: number; step: number; openTurn: number | null; openStep: number | null }) =>
      `time-context reading names turn ${d.turn}/step ${d.step}, expected turn ${d.openTurn}/step ${d.openStep}`,
  },
  'TC-POS-5': {
    afterAssembly: (_d: Record<string, never>) => 'time-context reading must be appended during prompt assembly: an assistant or tool event came after step/start',
  },
  'TC-SRC-1': {
    notOwned: (d: { found: string }) => `time-context source must retain package ownership; found ${d.found}`,
  },
  'TC-SRC-2': {
    /** `field`: the first part of the source that is not the exact snapshot; `found` its rendering (null for `text`). */
    notExactSnapshot: (d: { field: 'keys' | 'form' | 'sections' | 'text' | 'section'; found: string | null }) =>
      `time-context source must carry only the exact snapshot text, not request authority; found ${d.field === 'text' ? 'a section text different from the content text' : `${d.field} ${d.found}`}`,
  },
  'TC-ZONE-1': {
    policyMismatch: (d: { expected: string; found: string }) => `time-context browser-zone text does not match current-turn user messages: expected ${d.expected}, found ${d.found}`,
  },
  'TC-ZONE-2': {
    /** `defect`: the grammar's account of the zone (grammar.ts `zoneDefect`). */
    badZone: (d: { defect: string }) => d.defect,
  },
  'TC-BASE-1': {
    wrongBaseline: (d: { step: number; found: string; expected: string }) => `time-context step ${d.step} uses the wrong elapsed-time baseline ${d.found}; expected ${d.expected}`,
  },
  'TC-TIME-1': {
    timestampUnparsable: (d: { timestamp: string }) => `time-context rendered timestamp must parse and not postdate its durable event: ${d.timestamp} does not parse`,
    eventTimeNotSafe: (d: { eventTime: string }) => `time-context rendered timestamp must parse and not postdate its durable event: event time ${d.eventTime} is not a safe integer`,
    postdatesEvent: (d: { rendered: string; eventTime: string }) => `time-context rendered timestamp must parse and not postdate its durable event: rendered ${d.rendered} is after the event time ${d.eventTime}`,
  },
  'TC-TIME-2': {
    zoneCannotFormat: (d: { error: string }) => `time-context browser zone cannot format its durable timestamp: ${d.error}`,
  },
  'TC-TIME-3': {
    zoneMismatch: (d: { expected: string; found: string }) => `time-context rendered timestamp does not match the unique browser zone: expected ${d.expected}, found ${d.found}`,
  },
  'TC-SCHED-1': {
    suppressed: (d: { fromMs: number; toMs: number; previousSeq: number; intervalMs: number }) =>
      `reading sampled ${d.fromMs}–${d.toMs} ms after the previous reading (seq ${d.previousSeq}); with refreshIntervalMs ${d.intervalMs} a correct plugin suppresses it`,
  },
  'TC-SCHED-2': {
    secondReading: (d: { step: number | null; turn: number | null }) => `step ${d.step} of turn ${d.turn} already holds a time-context reading; a step holds at most one`,
  },
  'TC-ELAPSED-1': {
    notCanonical: (d: { elapsed: string; expected: string }) => `elapsed ${JSON.stringify(d.elapsed)} is not in canonical form; expected ${JSON.stringify(d.expected)}`,
    /** `min`/`max`: the canonical durations the log allows (`single`: one value). */
    disagrees: (d: { elapsed: string; baseline: Baseline; baselineSeq: number; min: string; max: string; single: boolean }) =>
      `elapsed ${JSON.stringify(d.elapsed)} disagrees with the log: the preceding ${d.baseline} (seq ${d.baselineSeq}) and the rendered time allow ${d.single ? JSON.stringify(d.min) : `${JSON.stringify(d.min)}–${JSON.stringify(d.max)}`}`,
  },
  'TC-ELAPSED-2': {
    noBaseline: (d: { elapsed: string; baseline: Baseline }) => `elapsed is ${JSON.stringify(d.elapsed)} but no preceding ${d.baseline} exists in the log; expected "unavailable"`,
    unavailable: (d: { baseline: Baseline; baselineSeq: number }) => `elapsed is "unavailable" but the preceding ${d.baseline} is seq ${d.baselineSeq}`,
  },
  'TC-SAMPLE-1': {
    beforeDurable: (d: { sampledAt: string; marginMs: number; durableSeq: number; durableAt: string; skewMs: number }) =>
      `reading sampled at ${d.sampledAt}, ${d.marginMs} ms or more before seq ${d.durableSeq} (${d.durableAt}), which was durable when its pre-step ran; the allowed clock skew is ${d.skewMs} ms and step/start shows no clock step backwards`,
  },
});
