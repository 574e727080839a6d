import type { RuleMeta } from '../../engine.js';

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
