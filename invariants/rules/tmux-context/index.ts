import type { RuleMeta, RuleModule } from '../../engine.js';
import type { LocatedEvent } from '../../log/types.js';
import type { SessionModel } from '../../model/session-model.js';
import { rec, show } from '../core/access.js';
import { firstText, readingMessage, READING_FORMAT, singleTextProblem, snapshotSourceProblem, stateBlock } from './reading.js';

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

export const tmuxContextRules: RuleModule = {
  name: 'tmux-context',
  source: 'tmux-context',
  rules: tmuxContextRuleMetas,
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

    const report = (id: RuleId, ev: LocatedEvent, message: string, witness: number[] = []) => ctx.report(id, { event: ev, message, witness });

    const checkReading = (ev: LocatedEvent, message: Record<string, unknown>, model: SessionModel) => {
      const seq = ev.event.seq;
      const sourceProblem = snapshotSourceProblem(message.source);
      if (sourceProblem) report('TMUX-SRC-1', ev, `tmux-context reading has a non-conforming source: ${sourceProblem}; found ${show(message.source, 160)}`);
      const contentProblem = singleTextProblem(message.content);
      if (contentProblem) report('TMUX-FMT-1', ev, `tmux-context reading content must be one text block: ${contentProblem}`);
      const text = firstText(message);
      if (!sourceProblem && text !== undefined) {
        const sectionText = (rec(message.source)!.sections as Array<{ text: string }>)[0].text;
        if (sectionText !== text) report('TMUX-SRC-2', ev, `the snapshot section text ${show(sectionText)} differs from the message text ${show(text)}`);
      }
      const match = text === undefined ? null : READING_FORMAT.exec(text);
      if (text !== undefined && match === null) report('TMUX-FMT-2', ev, `tmux-context reading text is not the three-line location format: ${show(text, 200)}`);

      const inStepOne = model.openTurn !== null && model.openStep === 1;
      if (!inStepOne || ev.event.surfaceOp !== 'append') {
        const where =
          model.openTurn === null ? 'outside any turn' : model.openStep === null ? `in turn ${model.openTurn} outside any step` : `in turn ${model.openTurn}/step ${model.openStep}`;
        const op = ev.event.surfaceOp === 'append' ? '' : ` with surfaceOp ${show(ev.event.surfaceOp)}`;
        report('TMUX-POS-1', ev, `tmux-context reading appended ${where}${op}; expected an appended message in step 1 of the open turn`, model.openStepSeq !== null ? [model.openStepSeq] : []);
      } else {
        if (model.requestStarted) report('TMUX-POS-2', ev, `tmux-context reading appended after the step's request/header`);
        if (batchSize > 0) report('TMUX-POS-3', ev, `tmux-context reading is message ${batchSize + 1} of its step's batch, expected the first (directly after step/start seq ${model.openStepSeq})`, [model.openStepSeq!]);
      }
      if (match !== null && model.openTurn !== null && match[1] !== String(model.openTurn)) {
        report('TMUX-TURN-1', ev, `tmux-context reading says turn ${match[1]} but is appended in turn ${model.openTurn}`, model.openTurnSeq !== null ? [model.openTurnSeq] : []);
      }
      if (model.openTurn !== null && turnReading !== null) {
        report('TMUX-ONCE-1', ev, `second tmux-context reading in turn ${model.openTurn} (the first is seq ${turnReading})`, [turnReading]);
      }

      if (previous !== null && previous.state !== undefined && text !== undefined) {
        const state = stateBlock(text);
        if (state === previous.state) {
          report('TMUX-CHANGE-1', ev, `tmux-context reading repeats the state block of the previous reading (seq ${previous.seq}): ${show(state, 160)}`, [previous.seq]);
        }
        if (interval !== undefined && interval > 0 && !clockWentBack) {
          const elapsed = ev.event.time - previous.time;
          if (elapsed >= 0 && elapsed < interval) {
            report('TMUX-INTERVAL-1', ev, `tmux-context reading ${elapsed} ms after the previous reading (seq ${previous.seq}); refreshIntervalMs is ${interval}`, [previous.seq]);
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
