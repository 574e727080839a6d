import type { RuleMeta, RuleModule } from '../../engine.js';
import type { LocatedEvent } from '../../log/types.js';
import { isExpandedFromRow } from '../../log/chunk-rows.js';
import { ENVELOPE_KEYS } from '../../log/known-event-types.js';
import { isSafeInt, isSeq, show } from './access.js';

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

export const envelopeModule: RuleModule = {
  name: 'core/envelope',
  source: 'log',
  rules: envelopeRules,
  create(ctx) {
    let expectedSeq = 0;
    let previousSeq: unknown = null;
    let previousTime: number | null = null;
    const checkFields = (located: LocatedEvent, ev: Record<string, unknown>): void => {
      const extra: string[] = [];
      for (const key in ev) if (!ENVELOPE_KEYS.has(key)) extra.push(key);
      if (extra.length > 0) {
        ctx.report('LOG-ENV-1', { event: located, message: `expected only envelope keys type, seq, time, data, surfaceOp, sourceEventSeqs, ignorable; found extra ${extra.map((k) => JSON.stringify(k)).join(', ')}` });
      }
      if (typeof ev.type !== 'string') ctx.report('LOG-ENV-2', { event: located, message: `expected a string type, found ${show(ev.type)}` });
      if (ev.data === undefined) ctx.report('LOG-ENV-2', { event: located, message: `expected a data value on ${show(ev.type)}, found none` });
      if (ev.ignorable !== undefined && ev.ignorable !== true) ctx.report('LOG-ENV-2', { event: located, message: `expected ignorable to be absent or true, found ${show(ev.ignorable)}` });
    };
    return {
      onEvent(located) {
        const ev = located.event as unknown as Record<string, unknown>;
        // Events expanded from a validated packed row have a known-good envelope; only their
        // position (seq contiguity) and clock remain to be judged. This is the hot path.
        if (!isExpandedFromRow(ev)) checkFields(located, ev);
        const seq = ev.seq;
        if (!isSeq(seq)) {
          ctx.report('LOG-SEQ-1', { event: located, message: `expected seq ${expectedSeq} (a non-negative safe integer), found ${show(seq)}` });
          expectedSeq++;
        } else {
          if (seq !== expectedSeq) {
            const what = seq > expectedSeq ? `a gap of ${seq - expectedSeq} missing event(s)` : 'a repeated or out-of-order seq';
            ctx.report('LOG-SEQ-1', { event: located, message: `expected seq ${expectedSeq} (contiguous from 0), found ${seq}: ${what}` });
          }
          // Resynchronise on the seq actually written so one gap is one finding, not a cascade.
          expectedSeq = seq + 1;
        }

        const time = ev.time;
        if (!isSafeInt(time)) {
          ctx.report('LOG-TIME-1', { event: located, message: `expected time to be a safe integer (epoch ms), found ${show(time)}` });
          return;
        }
        if (previousTime !== null && time < previousTime) {
          ctx.report('LOG-CLOCK-1', {
            event: located,
            witness: isSeq(previousSeq) ? [previousSeq] : [],
            message: `time ${time} is ${previousTime - time} ms earlier than the preceding event (seq ${show(previousSeq)}, time ${previousTime}): the wall clock stepped backwards`,
          });
        }
        previousSeq = seq;
        previousTime = time;
      },
    };
  },
};
