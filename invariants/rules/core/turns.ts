import type { RuleMeta, RuleModule } from '../../engine.js';
import type { LocatedEvent } from '../../log/types.js';
import { isSeq, rec, show } from './access.js';
import { defineMessages } from '../../message-templates.js';

const doc = 'spec/log.md';

/**
 * The turn/step/tool-call trace that DSH's session invariant (`@deepseek-ai/dsh-session/invariant`)
 * replays: turns numbered from 1 without gaps, steps from 1 within each turn, step-scoped events
 * naming the open turn and step, execution events inside a turn, and every appended tool result
 * answering a call made in the same step. The trace transitions mirror upstream's exactly (e.g. the
 * next turn number advances at `turn/end`, the next step number at `step/end`) so both judge the same
 * event first when a log is wrong.
 */
export const turnRules = {
  'LOG-TURN-1': {
    severity: 'error',
    title: 'turn/start opens the next turn',
    must: 'A turn/start MUST NOT occur while a turn is open, and its `turn` MUST be the next turn number (1 for a fresh log, then one more than the previous turn).',
    doc,
  },
  'LOG-TURN-2': {
    severity: 'error',
    title: 'turn/end closes the open turn',
    must: 'A turn/end MUST name the open turn and MUST NOT occur while a step is open.',
    doc,
  },
  'LOG-TURN-3': {
    severity: 'error',
    title: 'Execution events are turn-enclosed',
    must: 'todo/write, request/header, request/context and tool/result replacements MUST occur inside an open turn.',
    doc,
  },
  'LOG-STEP-1': {
    severity: 'error',
    title: 'step/start opens the next step',
    must: 'A step/start MUST name the open turn, MUST NOT occur while a step is open, and its `step` MUST be the next step number of that turn (starting at 1).',
    doc,
  },
  'LOG-STEP-2': {
    severity: 'error',
    title: 'step/end closes the open step',
    must: 'A step/end MUST name the open turn and step.',
    doc,
  },
  'LOG-STEP-3': {
    severity: 'error',
    title: 'Step-scoped events name the open step',
    must: 'assistant/chunk, assistant/message, tool/call and appended tool/result events MUST name the open turn and step.',
    doc,
  },
  'LOG-TOOL-1': {
    severity: 'error',
    title: 'Tool results answer a pending call',
    must: 'An appended tool/result MUST answer a tool/call made earlier in the same step and not yet answered, unless it is the synthetic not-started error (isError with error.code TOOL_NOT_STARTED).',
    doc,
  },
  'LOG-END-1': {
    severity: 'info',
    title: 'Log ends inside an open turn',
    must: 'A log that ends inside an open turn comes from a live or crashed writer; DSH closes it with interrupted closers on the next load. Reported as information.',
    doc,
  },
} as const satisfies Record<string, RuleMeta>;

const NO_DATA: Readonly<Record<string, unknown>> = Object.freeze({});

/** A turn/step pair as the upstream invariants print it (`turn N/step M`, each value its `show` rendering, cut to 20). */
type TurnStep = { turn: string; step: string };
const turnStepText = (turn: string, step: string): string => `turn ${turn}/step ${step}`;
type StepMismatch = TurnStep & { eventType: string; openTurn: string; openStep: string };
const stepMismatch = (d: StepMismatch): string => `${d.eventType} names ${turnStepText(d.turn, d.step)} but the open one is ${turnStepText(d.openTurn, d.openStep)}`;

/** Values read from the log are their `show` rendering; counters the rule keeps are numbers. */
export const turnMessages = defineMessages({
  'LOG-TURN-1': {
    startWhileOpen: (d: { turn: string; openTurn: string }) => `turn/start ${d.turn} while turn ${d.openTurn} is still open`,
    unexpectedTurn: (d: { expected: number; found: string }) => `expected turn/start of turn ${d.expected}, found turn ${d.found}`,
  },
  'LOG-TURN-2': {
    endNamesOther: (d: { turn: string; openTurn: string }) => `turn/end names turn ${d.turn} but the open turn is ${d.openTurn}`,
    endWhileStepOpen: (d: { turn: string; openStep: string }) => `turn/end ${d.turn} while step ${d.openStep} is still open (expected step/end first)`,
  },
  'LOG-TURN-3': {
    replacementOutsideTurn: (_d: Record<string, never>) => 'expected a tool/result replacement inside an open turn, found it outside any turn',
    outsideTurn: (d: { type: string }) => `expected ${d.type} inside an open turn (core execution events are turn-enclosed), found it outside any turn`,
  },
  'LOG-STEP-1': {
    startNamesOtherTurn: (d: { turn: string; openTurn: string }) => `step/start names turn ${d.turn} but the open turn is ${d.openTurn}`,
    startWhileOpen: (d: { step: string; openStep: string }) => `step/start ${d.step} while step ${d.openStep} is still open`,
    unexpectedStep: (d: { expected: number; turn: string; found: string }) => `expected step/start of step ${d.expected} in turn ${d.turn}, found step ${d.found}`,
  },
  'LOG-STEP-2': {
    notOpenStep: (d: StepMismatch) => stepMismatch(d),
  },
  'LOG-STEP-3': {
    notOpenStep: (d: StepMismatch) => `${stepMismatch(d)} (later events of this step naming the same are not reported again)`,
  },
  'LOG-TOOL-1': {
    unansweredCall: (d: TurnStep & { callId: string }) => `tool/result answers call ${d.callId}, but no unanswered tool/call with that id was made in ${turnStepText(d.turn, d.step)}`,
  },
  'LOG-END-1': {
    endsInTurn: (d: { turn: string; openStep: string | null; pendingCalls: number }) =>
      `log ends inside turn ${d.turn}${d.openStep !== null ? `, step ${d.openStep} open` : ''}${d.pendingCalls > 0 ? `, ${d.pendingCalls} tool call(s) without a result` : ''}: the writer is live or crashed (DSH appends interrupted closers on the next load)`,
  },
});

export const turnModule: RuleModule<typeof turnMessages> = {
  name: 'core/turns',
  source: 'log',
  rules: turnRules,
  messages: turnMessages,
  create(ctx) {
    let openTurn: unknown = null;
    let openTurnSeq: number | null = null;
    let openStep: unknown = null;
    let nextTurn = 1;
    let nextStep = 1;
    /** callId → seq of its tool/call, for calls of the open step still without a result. */
    const pending = new Map<string, number>();
    let lastLocated: LocatedEvent | null = null;

    /**
     * One wrong number at a turn/start would otherwise make every chunk of the step a finding; within
     * one open step, only the first event naming a given wrong turn/step is reported.
     */
    let reportedMismatch: string | null = null;
    const requireOpenStep = (located: LocatedEvent, turn: unknown, step: unknown, rule: 'LOG-STEP-2' | 'LOG-STEP-3'): void => {
      if (openTurn === turn && openStep === step) return;
      const key = `${show(turn)}/${show(step)}`;
      if (rule === 'LOG-STEP-3' && reportedMismatch === key) return;
      if (rule === 'LOG-STEP-3') reportedMismatch = key;
      const data = { eventType: located.event.type, turn: show(turn, 20), step: show(step, 20), openTurn: show(openTurn, 20), openStep: show(openStep, 20) };
      ctx.report(rule, { event: located, witness: openTurnSeq !== null ? [openTurnSeq] : [], messageId: 'notOpenStep', data });
    };

    return {
      onEvent(located) {
        lastLocated = located;
        const { type } = located.event;
        if (type === 'turn/start' || type === 'turn/end' || type === 'step/start' || type === 'step/end') reportedMismatch = null;
        const data = rec(located.event.data) ?? NO_DATA;
        const seq = located.event.seq;
        switch (type) {
          case 'turn/start':
            if (openTurn !== null) ctx.report('LOG-TURN-1', { event: located, witness: openTurnSeq !== null ? [openTurnSeq] : [], messageId: 'startWhileOpen', data: { turn: show(data.turn), openTurn: show(openTurn) } });
            if (data.turn !== nextTurn) ctx.report('LOG-TURN-1', { event: located, messageId: 'unexpectedTurn', data: { expected: nextTurn, found: show(data.turn) } });
            openTurn = data.turn;
            openTurnSeq = isSeq(seq) ? seq : null;
            nextStep = 1;
            break;
          case 'turn/end':
            if (openTurn !== data.turn) ctx.report('LOG-TURN-2', { event: located, messageId: 'endNamesOther', data: { turn: show(data.turn), openTurn: show(openTurn) } });
            if (openStep !== null) ctx.report('LOG-TURN-2', { event: located, messageId: 'endWhileStepOpen', data: { turn: show(data.turn), openStep: show(openStep) } });
            openTurn = null;
            openTurnSeq = null;
            nextTurn += 1;
            break;
          case 'step/start':
            if (openTurn !== data.turn) ctx.report('LOG-STEP-1', { event: located, messageId: 'startNamesOtherTurn', data: { turn: show(data.turn), openTurn: show(openTurn) } });
            if (openStep !== null) ctx.report('LOG-STEP-1', { event: located, messageId: 'startWhileOpen', data: { step: show(data.step), openStep: show(openStep) } });
            if (data.step !== nextStep) ctx.report('LOG-STEP-1', { event: located, messageId: 'unexpectedStep', data: { expected: nextStep, turn: show(data.turn), found: show(data.step) } });
            openStep = data.step;
            break;
          case 'step/end':
            requireOpenStep(located, data.turn, data.step, 'LOG-STEP-2');
            pending.clear();
            openStep = null;
            nextStep += 1;
            break;
          case 'assistant/chunk':
          case 'assistant/message':
            requireOpenStep(located, data.turn, data.step, 'LOG-STEP-3');
            break;
          case 'tool/call':
            requireOpenStep(located, data.turn, data.step, 'LOG-STEP-3');
            if (typeof data.callId === 'string' && isSeq(seq)) pending.set(data.callId, seq);
            break;
          case 'tool/result': {
            if (located.event.surfaceOp !== 'append') {
              if (openTurn === null) ctx.report('LOG-TURN-3', { event: located, messageId: 'replacementOutsideTurn', data: {} });
              break;
            }
            requireOpenStep(located, data.turn, data.step, 'LOG-STEP-3');
            const message = rec(data.message);
            const callId = rec(message?.source)?.callId;
            const block = Array.isArray(message?.content) ? rec(message!.content[0]) : undefined;
            const notStarted = block?.isError === true && rec(data.error)?.code === 'TOOL_NOT_STARTED';
            const callSeq = typeof callId === 'string' ? pending.get(callId) : undefined;
            if (callSeq === undefined && !notStarted) {
              ctx.report('LOG-TOOL-1', { event: located, messageId: 'unansweredCall', data: { callId: show(callId), turn: show(openTurn, 20), step: show(openStep, 20) } });
            }
            if (typeof callId === 'string') pending.delete(callId);
            break;
          }
          case 'todo/write':
          case 'request/header':
          case 'request/context':
            if (openTurn === null) ctx.report('LOG-TURN-3', { event: located, messageId: 'outsideTurn', data: { type } });
            break;
        }
      },
      onEnd() {
        if (openTurn === null) return;
        ctx.report('LOG-END-1', {
          ...(lastLocated ? { event: lastLocated } : {}),
          witness: openTurnSeq !== null ? [openTurnSeq, ...pending.values()] : [...pending.values()],
          messageId: 'endsInTurn',
          data: { turn: show(openTurn), openStep: openStep !== null ? show(openStep) : null, pendingCalls: pending.size },
        });
      },
    };
  },
};
