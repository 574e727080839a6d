import type { RuleMeta, RuleModule } from '../../engine.js';
import type { LocatedEvent } from '../../log/types.js';
import type { SessionModel } from '../../model/session-model.js';
import { rec, show } from '../core/access.js';
import { firstText, readingMessage, READING_FORMAT, singleTextProblem, snapshotSourceProblem, stateBlock } from './reading.js';
import { defineMessages } from '../../message-templates.js';

const doc = 'spec/tmux-context.md';

/**
 * tmux-context validator rules. The upstream companion checks nothing (its installer is a no-op);
 * these are the relations DSH's behaviour guarantees on every log it writes, so any log that breaks
 * one was not written by a conforming tmux-context. All state is O(1): the previous reading, the
 * open turn's reading, the open step's batch, and whether the clock went backwards since the
 * previous reading.
 */
export const tmuxContextRuleMetas = {
  'TMUX-SRC-1': {
    severity: 'error',
    title: 'Reading source is the exact snapshot form',
    must: "A tmux-context reading's source MUST be exactly {kind:'plugin', plugin:'tmux-context', form:'snapshot', sections:[{name:'tmux-context', text}]}: four keys, one section with exactly the keys name and text.",
    doc,
  },
  'TMUX-SRC-2': {
    severity: 'error',
    title: 'Section text equals the message text',
    must: "The snapshot section's text MUST equal the reading's message text.",
    doc,
  },
  'TMUX-FMT-1': {
    severity: 'error',
    title: 'Reading content is one text block',
    must: "A tmux-context reading's content MUST be exactly one block {type:'text', text}.",
    doc,
  },
  'TMUX-FMT-2': {
    severity: 'error',
    title: 'Reading text is the three-line location',
    must: 'The reading text MUST be the three-line location: `tmux location (turn N):`, then `session S, window I "NAME", pane P %ID`, then `window active=A, pane active=B, layout L`, with the window name JSON-quoted.',
    doc,
  },
  'TMUX-TURN-1': {
    severity: 'error',
    title: 'Turn line names the open turn',
    must: 'The turn number in the first line MUST equal the turn the reading is appended in.',
    doc,
  },
  'TMUX-POS-1': {
    severity: 'error',
    title: 'Reading is appended in step 1 of a turn',
    must: "A tmux-context reading MUST be appended (surfaceOp 'append') inside an open turn, after that turn's step-1 step/start and before its step/end.",
    doc,
  },
  'TMUX-POS-2': {
    severity: 'error',
    title: 'Reading precedes the request',
    must: "A tmux-context reading MUST precede its step's request/header.",
    doc,
  },
  'TMUX-POS-3': {
    severity: 'warning',
    title: 'Reading leads its batch',
    must: "A tmux-context reading SHOULD be the first message of its step's batch (directly after step/start): the source puts it before the messages it is given.",
    doc,
  },
  'TMUX-ONCE-1': {
    severity: 'error',
    title: 'At most one reading per turn',
    must: 'A turn MUST contain at most one tmux-context reading.',
    doc,
  },
  'TMUX-CHANGE-1': {
    severity: 'error',
    title: 'A new reading reports a changed location',
    must: "A reading's state block (its second and third lines) MUST differ from the previous tmux-context reading's in the raw log (shadowed events included), unless that previous reading's first block is not text.",
    doc,
  },
  'TMUX-INTERVAL-1': {
    severity: 'error',
    title: 'Readings respect the refresh interval',
    must: "With a known positive refreshIntervalMs N, a reading MUST be at least N ms later than the previous tmux-context reading when that one's first block is text, unless the log shows the clock going backwards between the two.",
    doc,
  },
} as const satisfies Record<string, RuleMeta>;

type RuleId = keyof typeof tmuxContextRuleMetas;

/** The turn and step boundaries that reset per-turn and per-batch state (after they are applied). */
const BOUNDARIES: ReadonlySet<string> = new Set(['turn/start', 'turn/end', 'step/start', 'step/end']);

interface PreviousReading {
  seq: number;
  time: number;
  /** State block when the first block is text; `undefined` when it is not (then it counts as absent). */
  state: string | undefined;
}

/** Values read from the log are their `show` rendering; `problem`s are reading.ts's account of a shape. */
export const tmuxContextMessages = defineMessages({
  'TMUX-SRC-1': {
    badSource: (d: { problem: string; found: string }) => `tmux-context reading has a non-conforming source: ${d.problem}; found ${d.found}`,
  },
  'TMUX-FMT-1': {
    notOneTextBlock: (d: { problem: string }) => `tmux-context reading content must be one text block: ${d.problem}`,
  },
  'TMUX-SRC-2': {
    sectionTextDiffers: (d: { sectionText: string; text: string }) => `the snapshot section text ${d.sectionText} differs from the message text ${d.text}`,
  },
  'TMUX-FMT-2': {
    notLocationFormat: (d: { text: string }) => `tmux-context reading text is not the three-line location format: ${d.text}`,
  },
  'TMUX-POS-1': {
    /** `surfaceOp`: shown, null when the reading was appended. */
    notInStepOne: (d: { openTurn: number | null; openStep: number | null; surfaceOp: string | null }) =>
      `tmux-context reading appended ${
        d.openTurn === null ? 'outside any turn' : d.openStep === null ? `in turn ${d.openTurn} outside any step` : `in turn ${d.openTurn}/step ${d.openStep}`
      }${d.surfaceOp === null ? '' : ` with surfaceOp ${d.surfaceOp}`}; expected an appended message in step 1 of the open turn`,
  },
  'TMUX-POS-2': {
    afterRequest: (_d: Record<string, never>) => `tmux-context reading appended after the step's request/header`,
  },
  'TMUX-POS-3': {
    notFirstInBatch: (d: { position: number; stepStartSeq: number | null }) => `tmux-context reading is message ${d.position} of its step's batch, expected the first (directly after step/start seq ${d.stepStartSeq})`,
  },
  'TMUX-TURN-1': {
    wrongTurn: (d: { says: string; openTurn: number }) => `tmux-context reading says turn ${d.says} but is appended in turn ${d.openTurn}`,
  },
  'TMUX-ONCE-1': {
    secondReading: (d: { openTurn: number; firstSeq: number }) => `second tmux-context reading in turn ${d.openTurn} (the first is seq ${d.firstSeq})`,
  },
  'TMUX-CHANGE-1': {
    unchangedState: (d: { previousSeq: number; state: string }) => `tmux-context reading repeats the state block of the previous reading (seq ${d.previousSeq}): ${d.state}`,
  },
  'TMUX-INTERVAL-1': {
    tooSoon: (d: { elapsedMs: number; previousSeq: number; intervalMs: number }) => `tmux-context reading ${d.elapsedMs} ms after the previous reading (seq ${d.previousSeq}); refreshIntervalMs is ${d.intervalMs}`,
  },
});

export const tmuxContextRules: RuleModule<typeof tmuxContextMessages> = {
  name: 'tmux-context',
  source: 'tmux-context',
  rules: tmuxContextRuleMetas,
  messages: tmuxContextMessages,
  create(ctx) {
    const interval = ctx.options.configs['tmux-context']?.refreshIntervalMs;
    let previous: PreviousReading | null = null;
    /** Highest time since the previous reading, and whether any later event went below it. */
    let highest = -Infinity;
    let clockWentBack = false;
    /** seq of the open turn's reading. */
    let turnReading: number | null = null;
    /** user/messages appended since the open step's step/start. */
    let batchSize = 0;


    const checkReading = (ev: LocatedEvent, message: Record<string, unknown>, model: SessionModel) => {
      const seq = ev.event.seq;
      const sourceProblem = snapshotSourceProblem(message.source);
      if (sourceProblem) ctx.report('TMUX-SRC-1', { event: ev, messageId: 'badSource', data: { problem: sourceProblem, found: show(message.source, 160) } });
      const contentProblem = singleTextProblem(message.content);
      if (contentProblem) ctx.report('TMUX-FMT-1', { event: ev, messageId: 'notOneTextBlock', data: { problem: contentProblem } });
      const text = firstText(message);
      if (!sourceProblem && text !== undefined) {
        const sectionText = (rec(message.source)!.sections as Array<{ text: string }>)[0].text;
        if (sectionText !== text) ctx.report('TMUX-SRC-2', { event: ev, messageId: 'sectionTextDiffers', data: { sectionText: show(sectionText), text: show(text) } });
      }
      const match = text === undefined ? null : READING_FORMAT.exec(text);
      if (text !== undefined && match === null) ctx.report('TMUX-FMT-2', { event: ev, messageId: 'notLocationFormat', data: { text: show(text, 200) } });

      const inStepOne = model.openTurn !== null && model.openStep === 1;
      if (!inStepOne || ev.event.surfaceOp !== 'append') {
        const surfaceOp = ev.event.surfaceOp === 'append' ? null : show(ev.event.surfaceOp);
        ctx.report('TMUX-POS-1', { event: ev, witness: model.openStepSeq !== null ? [model.openStepSeq] : [], messageId: 'notInStepOne', data: { openTurn: model.openTurn, openStep: model.openStep, surfaceOp } });
      } else {
        if (model.requestStarted) ctx.report('TMUX-POS-2', { event: ev, messageId: 'afterRequest', data: {} });
        if (batchSize > 0) ctx.report('TMUX-POS-3', { event: ev, witness: [model.openStepSeq!], messageId: 'notFirstInBatch', data: { position: batchSize + 1, stepStartSeq: model.openStepSeq } });
      }
      if (match !== null && model.openTurn !== null && match[1] !== String(model.openTurn)) {
        ctx.report('TMUX-TURN-1', { event: ev, witness: model.openTurnSeq !== null ? [model.openTurnSeq] : [], messageId: 'wrongTurn', data: { says: match[1], openTurn: model.openTurn } });
      }
      if (model.openTurn !== null && turnReading !== null) {
        ctx.report('TMUX-ONCE-1', { event: ev, witness: [turnReading], messageId: 'secondReading', data: { openTurn: model.openTurn, firstSeq: turnReading } });
      }

      if (previous !== null && previous.state !== undefined && text !== undefined) {
        const state = stateBlock(text);
        if (state === previous.state) {
          ctx.report('TMUX-CHANGE-1', { event: ev, witness: [previous.seq], messageId: 'unchangedState', data: { previousSeq: previous.seq, state: show(state, 160) } });
        }
        if (interval !== undefined && interval > 0 && !clockWentBack) {
          const elapsed = ev.event.time - previous.time;
          if (elapsed >= 0 && elapsed < interval) {
            ctx.report('TMUX-INTERVAL-1', { event: ev, witness: [previous.seq], messageId: 'tooSoon', data: { elapsedMs: elapsed, previousSeq: previous.seq, intervalMs: interval } });
          }
        }
      }
      previous = { seq, time: ev.event.time, state: text === undefined ? undefined : stateBlock(text) };
      highest = ev.event.time;
      clockWentBack = false;
      if (model.openTurn !== null) turnReading = seq;
    };

    return {
      onEvent(ev, model) {
        const event = ev.event;
        // Clock regression since the previous reading, judged before this event is itself a reading.
        if (previous !== null && Number.isFinite(event.time)) {
          if (event.time < highest) clockWentBack = true;
          else highest = event.time;
        }
        const message = readingMessage(event);
        if (message) checkReading(ev, message, model);
        if (event.type === 'user/message' && model.openStep !== null) batchSize++;
      },
      afterEventTypes: BOUNDARIES,
      onAfterEvent(ev) {
        const type = ev.event.type;
        if (type === 'turn/start' || type === 'turn/end') turnReading = null;
        if (type === 'step/start' || type === 'step/end' || type === 'turn/start' || type === 'turn/end') batchSize = 0;
      },
    };
  },
};
