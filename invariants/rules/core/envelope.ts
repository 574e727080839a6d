import type { RuleMeta, RuleModule } from '../../engine.js';
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
    let previous: { seq: unknown; time: number } | null = null;
    return {
      onEvent(located) {
        const ev = located.event as unknown as Record<string, unknown>;
        const extra: string[] = [];
        for (const key in ev) if (!ENVELOPE_KEYS.has(key)) extra.push(key);
        if (extra.length > 0) {
          ctx.report('LOG-ENV-1', { event: located, message: `expected only envelope keys type, seq, time, data, surfaceOp, sourceEventSeqs, ignorable; found extra ${extra.map((k) => JSON.stringify(k)).join(', ')}` });
        }
        if (typeof ev.type !== 'string') ctx.report('LOG-ENV-2', { event: located, message: `expected a string type, found ${show(ev.type)}` });
        if (ev.data === undefined) ctx.report('LOG-ENV-2', { event: located, message: `expected a data value on ${show(ev.type)}, found none` });
        if (ev.ignorable !== undefined && ev.ignorable !== true) ctx.report('LOG-ENV-2', { event: located, message: `expected ignorable to be absent or true, found ${show(ev.ignorable)}` });

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
        if (previous !== null && time < previous.time) {
          ctx.report('LOG-CLOCK-1', {
            event: located,
            witness: isSeq(previous.seq) ? [previous.seq] : [],
            message: `time ${time} is ${previous.time - time} ms earlier than the preceding event (seq ${show(previous.seq)}, time ${previous.time}): the wall clock stepped backwards`,
          });
        }
        previous = { seq, time };
      },
    };
  },
};
