import type { LogDraft } from '../../scenario/draft.js';
import { IN_PANE, PANE, advance, hostLog, insert, logDraft, move, reading, readingIndexes, retext, stateWith, tmux, turn, type In, type LogEvent } from './dsl.js';

/**
 * tmux-context validator log fixtures: a log and the exact multiset of rule ids it must produce.
 * Each base log is written by the simulated host running the reference (so every core log rule
 * holds), then one relation is broken by hand: the source form, the format, the turn line, the
 * position in the step, once per turn, change suppression, and the refresh interval.
 */
export async function tmuxContextLogFixtures(): Promise<LogDraft[]> {
  const changed = stateWith({ windowName: 'logs' });
  const twoTurns = await hostLog([...turn('one'), tmux({ state: changed }), advance(30_000), ...turn('two')]);
  const sameTwice = await hostLog([...turn('one'), advance(30_000), ...turn('two')]);
  const drafts: LogDraft[] = [];

  drafts.push(logDraft('a conforming log: two readings of different locations', 'format', [], twoTurns, []));
  drafts.push(
    logDraft('a conforming log: a reading shadowed by compaction, then a changed location', 'compaction', ['TMUX-CHANGE-1'],
      await hostLog([...turn('one'), { do: 'compact', keepLast: 0 }, tmux({ state: changed }), ...turn('two')]), []),
  );

  {
    const log = structuredClone(twoTurns);
    log[readingIndexes(log)[0]].data.source = { kind: 'plugin', plugin: 'tmux-context' };
    drafts.push(logDraft('the bare plugin source instead of the snapshot form', 'forged-sources', ['TMUX-SRC-1'], log, ['TMUX-SRC-1']));
  }
  {
    const log = structuredClone(twoTurns);
    const e = log[readingIndexes(log)[0]];
    e.data.source = { ...e.data.source, authority: 'tmux' };
    drafts.push(logDraft('an extra key in the snapshot source', 'forged-sources', ['TMUX-SRC-1'], log, ['TMUX-SRC-1']));
  }
  {
    const log = structuredClone(twoTurns);
    const e = log[readingIndexes(log)[0]];
    e.data.source = { ...e.data.source, sections: [{ name: 'tmux-context', text: reading(1, { ...PANE, windowName: 'other' }) }] };
    drafts.push(logDraft('the section text differs from the message text', 'forged-sources', ['TMUX-SRC-2'], log, ['TMUX-SRC-2']));
  }
  {
    const log = structuredClone(twoTurns);
    const e = log[readingIndexes(log)[0]];
    e.data.content = [...e.data.content, { type: 'text', text: 'and more' }];
    drafts.push(logDraft('a reading with two content blocks', 'format', ['TMUX-FMT-1'], log, ['TMUX-FMT-1']));
  }
  {
    const log = structuredClone(twoTurns);
    const text = reading(1).replace('"node"', 'node');
    retext(log[readingIndexes(log)[0]], text);
    drafts.push(logDraft('the window name is not JSON-quoted', 'escaping', ['TMUX-FMT-2'], log, ['TMUX-FMT-2']));
  }
  {
    const log = structuredClone(twoTurns);
    retext(log[readingIndexes(log)[0]], reading(1).replace(/\n/g, ' | '));
    drafts.push(logDraft('the reading is one line, not three', 'format', ['TMUX-FMT-2'], log, ['TMUX-FMT-2']));
  }
  {
    const log = structuredClone(twoTurns);
    retext(log[readingIndexes(log)[1]], reading(3, { ...PANE, windowName: 'logs' }));
    drafts.push(logDraft('the turn line names another turn', 'format', ['TMUX-TURN-1'], log, ['TMUX-TURN-1']));
  }
  {
    // Step 2's batch carries a reading (and step 1 none).
    const base = await hostLog([
      { do: 'prompt', message: { text: 'go' } },
      { do: 'pre-step' },
      { do: 'request' },
      { do: 'assistant', toolCalls: [{ name: 'bash', arguments: { command: 'ls' } }] },
      { do: 'step-end' },
      { do: 'pre-step' },
      { do: 'request' },
      { do: 'assistant', text: 'done' },
      { do: 'turn-end' },
    ]);
    const [first] = readingIndexes(base);
    const secondStepStart = base.findIndex((e, i) => i > first && e.type === 'step/start');
    drafts.push(logDraft('a reading in step 2', 'ordering', ['TMUX-POS-1'], move(base, first, secondStepStart + 1), ['TMUX-POS-1']));
  }
  {
    const log = structuredClone(twoTurns);
    const [first] = readingIndexes(log);
    const turnEnd = log.findIndex((e) => e.type === 'turn/end');
    const moved = move(log, first, turnEnd + 1);
    drafts.push(logDraft('a reading between turns', 'ordering', ['TMUX-POS-1'], moved, ['TMUX-POS-1']));
  }
  {
    // The step has only the reading: move it after request/header (no other batch message before it).
    const base = await hostLog([...shortTurnWithRequest()]);
    const [first] = readingIndexes(base);
    const request = base.findIndex((e) => e.type === 'request/header');
    drafts.push(logDraft('a reading after the request header', 'ordering', ['TMUX-POS-2'], move(base, first, request + 1), ['TMUX-POS-2']));
  }
  {
    const log = structuredClone(twoTurns);
    const [first] = readingIndexes(log);
    drafts.push(logDraft('a reading after the prompt (appended after the batch)', 'ordering', ['TMUX-POS-3'], move(log, first, first + 2), ['TMUX-POS-3']));
  }
  {
    const log = structuredClone(twoTurns);
    const [first] = readingIndexes(log);
    const second = { ...structuredClone(log[first]), time: log[first].time };
    retext(second, reading(1, { ...PANE, paneActive: '1' }));
    second.data.id = '6f1c1f1e-2222-4000-8000-000000000001';
    drafts.push(logDraft('two readings in one turn', 'ordering', ['TMUX-ONCE-1', 'TMUX-POS-3'], insert(log, first + 1, second), ['TMUX-ONCE-1', 'TMUX-POS-3']));
  }
  drafts.push(logDraft('a new turn repeats an unchanged location', 'format', ['TMUX-CHANGE-1'], repeatFirstReading(sameTwice, 2, '6f1c1f1e-2222-4000-8000-000000000002'), ['TMUX-CHANGE-1']));
  {
    // turn 1 reads the location, turn 2 carries a non-text tmux message, turn 3 repeats turn 1's location:
    // allowed, because DSH treats the non-text message as "no previous reading". Only FMT-1 fires.
    const base = await hostLog([...turn('one'), ...turn('two'), ...turn('three')]);
    const image = structuredClone(base[readingIndexes(base)[0]]);
    image.data.content = [{ type: 'image', mediaType: 'image/png', data: 'iVBORw0KGgo=' }];
    image.data.source.sections[0].text = '';
    image.data.id = '6f1c1f1e-2222-4000-8000-000000000003';
    image.time = base[stepStartOf(base, 2)].time;
    const log = repeatFirstReading(insert(base, stepStartOf(base, 2) + 1, image), 3, '6f1c1f1e-2222-4000-8000-000000000005');
    drafts.push(logDraft('a non-text tmux-context message resets change suppression', 'parsing', ['TMUX-CHANGE-1', 'TMUX-FMT-1'], log, ['TMUX-FMT-1']));
  }
  {
    const shadowed = await hostLog([...turn('one'), { do: 'compact', keepLast: 0 }, ...turn('two')]);
    // Forge turn 2's missing reading as a repeat: appended right after turn 2's step/start (seqs shift; no replace op follows).
    const log = repeatFirstReading(shadowed, 2, '6f1c1f1e-2222-4000-8000-000000000004');
    drafts.push(logDraft('a repeat of a reading hidden by compaction is still a repeat (raw log)', 'compaction', ['TMUX-CHANGE-1'], log, ['TMUX-CHANGE-1']));
  }
  drafts.push(logDraft('readings 30 s apart under a 60 s refresh interval', 'interval-scheduling', ['TMUX-INTERVAL-1'], twoTurns, ['TMUX-INTERVAL-1'], { refreshIntervalMs: 60_000 }));
  drafts.push(logDraft('readings 30 s apart with no known interval', 'interval-scheduling', ['TMUX-INTERVAL-1'], twoTurns, []));
  drafts.push(logDraft('readings exactly the interval apart', 'interval-scheduling', ['TMUX-INTERVAL-1'], twoTurns, [], { refreshIntervalMs: 30_000 }));
  drafts.push(
    logDraft('a reading after the clock went backwards is not held to the interval', 'clock-regression', ['TMUX-INTERVAL-1'],
      await hostLog([...turn('one'), tmux({ state: changed }), advance(-5_000), ...turn('two')], IN_PANE, { refreshIntervalMs: 60_000 }), [], { refreshIntervalMs: 60_000 }),
  );
  return drafts;
}

function shortTurnWithRequest(): In[] {
  return [{ do: 'pre-step' }, { do: 'request' }, { do: 'assistant', text: 'ok' }, { do: 'turn-end' }];
}

/** Index of the step/start of turn `turnNo`. */
function stepStartOf(log: LogEvent[], turnNo: number): number {
  const start = log.findIndex((e) => e.type === 'turn/start' && e.data.turn === turnNo);
  return log.findIndex((e, i) => i > start && e.type === 'step/start');
}

/** The log with a copy of its first reading, relabelled for turn `turnNo` (message id `id`), appended right after that turn's step/start. */
function repeatFirstReading(log: LogEvent[], turnNo: number, id: string): LogEvent[] {
  const at = stepStartOf(log, turnNo);
  const copy = { ...structuredClone(log[readingIndexes(log)[0]]), time: log[at].time };
  retext(copy, reading(turnNo));
  copy.data.id = id;
  return insert(log, at + 1, copy);
}
