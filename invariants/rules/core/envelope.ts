import type { RuleMeta, RuleModule } from '../../engine.js';
import type { LocatedEvent } from '../../log/types.js';
import { isExpandedFromRow } from '../../log/chunk-rows.js';
import { ENVELOPE_KEYS } from '../../log/known-event-types.js';
import { isSafeInt, isSeq, show } from './access.js';
import { defineMessages } from '../../message-templates.js';

const doc = 'spec/log.md';

/**
 * The event envelope (DSH `assertSessionEventEnvelope` and the seed contiguity check): which keys an
 * event line may carry, the types of `type`/`seq`/`time`/`data`/`ignorable`, and `seq` contiguous
 * from 0. Plus one observation DSH does not enforce: the wall clock going backwards (information).
 */
export const envelopeRules = {
  'LOG-ENV-1': {
    severity: 'error',
    title: 'Envelope key whitelist',
    must: 'An event MUST carry no keys other than type, seq, time, data, surfaceOp, sourceEventSeqs and ignorable.',
    doc,
  },
  'LOG-ENV-2': {
    severity: 'error',
    title: 'Envelope field types',
    must: 'An event MUST have a string `type` and a `data` value, and `ignorable`, when present, MUST be the literal `true`.',
    doc,
  },
  'LOG-SEQ-1': {
    severity: 'error',
    title: 'seq contiguous from 0',
    must: "Event `seq` values MUST be non-negative safe integers, contiguous from 0 in file order (each event's seq equals its index in the log).",
    doc,
  },
  'LOG-TIME-1': {
    severity: 'error',
    title: 'time is a safe integer',
    must: 'Event `time` MUST be a safe integer (Unix epoch milliseconds).',
    doc,
  },
  'LOG-CLOCK-1': {
    severity: 'info',
    title: 'Clock regression',
    must: 'Event times are not required to be monotone; a later event with an earlier `time` than its predecessor is reported as information (the wall clock stepped backwards).',
    doc,
  },
} as const satisfies Record<string, RuleMeta>;

/** Values read from the log are their `show` rendering. */
export const envelopeMessages = defineMessages({
  'LOG-ENV-1': {
    extraKeys: (d: { keys: string[] }) => `expected only envelope keys type, seq, time, data, surfaceOp, sourceEventSeqs, ignorable; found extra ${d.keys.map((k) => JSON.stringify(k)).join(', ')}`,
  },
  'LOG-ENV-2': {
    typeNotString: (d: { found: string }) => `expected a string type, found ${d.found}`,
    noData: (d: { type: string }) => `expected a data value on ${d.type}, found none`,
    badIgnorable: (d: { found: string }) => `expected ignorable to be absent or true, found ${d.found}`,
  },
  'LOG-SEQ-1': {
    notSeq: (d: { expected: number; found: string }) => `expected seq ${d.expected} (a non-negative safe integer), found ${d.found}`,
    notContiguous: (d: { expected: number; found: number }) =>
      `expected seq ${d.expected} (contiguous from 0), found ${d.found}: ${d.found > d.expected ? `a gap of ${d.found - d.expected} missing event(s)` : 'a repeated or out-of-order seq'}`,
  },
  'LOG-TIME-1': {
    notSafeInteger: (d: { found: string }) => `expected time to be a safe integer (epoch ms), found ${d.found}`,
  },
  'LOG-CLOCK-1': {
    clockBackwards: (d: { time: number; previousTime: number; previousSeq: string }) =>
      `time ${d.time} is ${d.previousTime - d.time} ms earlier than the preceding event (seq ${d.previousSeq}, time ${d.previousTime}): the wall clock stepped backwards`,
  },
});

export const envelopeModule: RuleModule<typeof envelopeMessages> = {
  name: 'core/envelope',
  source: 'log',
  rules: envelopeRules,
  messages: envelopeMessages,
  create(ctx) {
    let expectedSeq = 0;
    let previousSeq: unknown = null;
    let previousTime: number | null = null;
    const checkFields = (located: LocatedEvent, ev: Record<string, unknown>): void => {
      const extra: string[] = [];
      for (const key in ev) if (!ENVELOPE_KEYS.has(key)) extra.push(key);
      if (extra.length > 0) {
        ctx.report('LOG-ENV-1', { event: located, messageId: 'extraKeys', data: { keys: extra } });
      }
      if (typeof ev.type !== 'string') ctx.report('LOG-ENV-2', { event: located, messageId: 'typeNotString', data: { found: show(ev.type) } });
      if (ev.data === undefined) ctx.report('LOG-ENV-2', { event: located, messageId: 'noData', data: { type: show(ev.type) } });
      if (ev.ignorable !== undefined && ev.ignorable !== true) ctx.report('LOG-ENV-2', { event: located, messageId: 'badIgnorable', data: { found: show(ev.ignorable) } });
    };
    return {
      onEvent(located) {
        const ev = located.event as unknown as Record<string, unknown>;
        // Events expanded from a validated packed row have a known-good envelope; only their
        // position (seq contiguity) and clock remain to be judged. This is the hot path.
        if (!isExpandedFromRow(ev)) checkFields(located, ev);
        const seq = ev.seq;
        if (!isSeq(seq)) {
          ctx.report('LOG-SEQ-1', { event: located, messageId: 'notSeq', data: { expected: expectedSeq, found: show(seq) } });
          expectedSeq++;
        } else {
          if (seq !== expectedSeq) {
            ctx.report('LOG-SEQ-1', { event: located, messageId: 'notContiguous', data: { expected: expectedSeq, found: seq } });
          }
          // Resynchronise on the seq actually written so one gap is one finding, not a cascade.
          expectedSeq = seq + 1;
        }

        const time = ev.time;
        if (!isSafeInt(time)) {
          ctx.report('LOG-TIME-1', { event: located, messageId: 'notSafeInteger', data: { found: show(time) } });
          return;
        }
        if (previousTime !== null && time < previousTime) {
          ctx.report('LOG-CLOCK-1', {
            event: located,
            witness: isSeq(previousSeq) ? [previousSeq] : [],
            messageId: 'clockBackwards',
            data: { time, previousTime, previousSeq: show(previousSeq) },
          });
        }
        previousSeq = seq;
        previousTime = time;
      },
    };
  },
};
