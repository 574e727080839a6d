import type { UserMessage } from '../../reference/shared/message.js';
import { seededRandom } from './random.js';
import { SessionWriter, initialState, newSession, type BenchSession, type PreStepPoint, type WriterState } from './session-writer.js';
import type { LogRecipe, ReadingHistory } from './shapes.js';

/**
 * Deterministic generated history: a session of at least `size` events shaped by a {@link LogRecipe},
 * ending between turns. Readings are written where the recipe says the plugins would have injected
 * them (time-context after the batch, tmux-context before it, as the loop commits them), with texts
 * of the published formats; their exact wording does not matter to scheduling, only their source.
 */

export interface GeneratedSession {
  recipe: LogRecipe['id'];
  session: BenchSession;
  /** Where a writer continues from after the last generated event. */
  state: WriterState;
}

export const HISTORY_SEED = 0x5ca1ab1e;

function readingMessage(plugin: string, text: string, id: string): UserMessage {
  return { content: [{ type: 'text', text }], source: { kind: 'plugin', plugin, form: 'snapshot', sections: [{ name: plugin, text }] }, role: 'user', id };
}

export function timeReading(point: PreStepPoint, now: number, id: string): UserMessage {
  const stamp = new Date(now).toISOString().slice(0, 19);
  const text =
    `Time sampled while preparing turn ${point.turn}, step ${point.step}: ${stamp}+00:00[UTC]\n` +
    'Browser time zone for this request: unavailable. Ask the user to clarify otherwise-unqualified dates and times.\n' +
    `Elapsed since the preceding ${point.step === 1 ? 'model-visible message' : 'step context'}: 3s.`;
  return readingMessage('time-context', text, id);
}

export function tmuxReading(point: PreStepPoint, id: string): UserMessage {
  const text = `tmux location (turn ${point.turn}):\nsession main, window 1 "gen${point.turn}", pane 0 %3\nwindow active=1, pane active=1, layout b25d,200x50,0,0,3`;
  return readingMessage('tmux-context', text, id);
}

/** Whether history has a reading at this opportunity. */
function due(history: ReadingHistory, point: PreStepPoint, now: number, last: number | undefined): boolean {
  if (history === 'none') return false;
  if (history === 'every-opportunity') return true;
  if (history === 'first-turn-only') return point.turn === 1 && last === undefined;
  return last === undefined || now - last >= history.everyMs;
}

export function generateSession(recipe: LogRecipe, size: number, seed = HISTORY_SEED): GeneratedSession {
  const rnd = seededRandom(seed);
  const session = newSession(`session-bench-${recipe.id}-${size}`);
  const writer = new SessionWriter(session, rnd, initialState(), { compactEveryTurns: recipe.compactEveryTurns });
  let lastTime: number | undefined;
  let lastTmux: number | undefined;
  let readings = 0;
  while (writer.length < size || !writer.atTurnBoundary) {
    const point = writer.beginPreStep();
    const now = writer.now;
    const messages: UserMessage[] = [];
    if (point.step === 1 && due(recipe.tmuxReadings, point, now, lastTmux)) {
      messages.push(tmuxReading(point, `tmux-${readings++}`));
      lastTmux = now;
    }
    messages.push(...point.claimed);
    if (due(recipe.timeReadings, point, now, lastTime)) {
      messages.push(timeReading(point, now, `time-${readings++}`));
      lastTime = now;
    }
    writer.commit(point, messages);
    writer.finishStep(point);
  }
  if (recipe.endWithCompaction) writer.compact();
  return { recipe: recipe.id, session, state: { ...writer.state } };
}
