import { createUserMessage, type UserMessage } from '../shared/message.js';
import { Config, validateRefreshInterval, type TmuxContextConfig } from './config.js';
import { renderReading, renderState } from './location.js';
import { queryTmuxLocation, type ShellExecutorLike, type WarnLogger } from './query.js';
import { ReadingIndex } from './reading-index.js';

/**
 * Reference tmux-context: on the first step of a turn, tell the model which tmux session, window and
 * pane this agent process runs in, when that changed since the last reading.
 *
 * Behaviour, in the order the listener decides (see `spec/tmux-context.md`):
 * 1. Delegate first (`await next()`), so nothing is added to a batch a later listener rejects or fails.
 *    Pass the decision through on a reject, an aborted signal, or any step but 1.
 * 2. No `shell` service (looked up on every call, never injected) → nothing.
 * 3. The previous reading comes from the durable log (raw events, shadowed ones included). With a
 *    positive `refreshIntervalMs`, a previous reading less than that old → nothing, *before* any
 *    query runs. A clock that went backwards does not suppress.
 * 4. One query (see `command.ts`); an executor exception warns, anything else odd is silent.
 * 5. The same state block as the previous reading → nothing (the query's cost is already paid).
 * 6. Otherwise the reading goes *before* the batch, with the snapshot source.
 */

export const name = 'tmux-context';
export const inject = ['agents'];
export { Config };
export type { TmuxContextConfig };

interface PreStepPayload {
  agent: { session: { events: ArrayLike<any> } };
  turn: number;
  step: number;
  signal: AbortSignal;
}
type Decision = { kind: 'reject'; [key: string]: unknown } | { kind: 'enter'; messages: UserMessage[] };

interface TmuxContextHost {
  on(event: 'agent/pre-step', listener: (payload: PreStepPayload, next: () => Promise<Decision>) => Promise<Decision>, options: { prepend: true }): unknown;
  get(name: string): unknown;
  logger: WarnLogger;
}

export function apply(ctx: TmuxContextHost, config: TmuxContextConfig): void {
  const refreshIntervalMs = config.refreshIntervalMs;
  validateRefreshInterval(refreshIntervalMs);
  // One index per plugin instance; it only ever mirrors the log it is shown.
  const readings = new ReadingIndex();
  ctx.on(
    'agent/pre-step',
    async ({ agent, turn, step, signal }, next) => {
      const decision = await next();
      if (decision.kind === 'reject' || signal.aborted || step !== 1) return decision;
      const shell = ctx.get('shell') as ShellExecutorLike | undefined;
      if (shell === undefined) return decision;
      const previous = readings.latest(agent.session);
      if (refreshIntervalMs !== undefined && refreshIntervalMs > 0 && previous !== undefined) {
        const now = Date.now();
        if (now >= previous.time && now - previous.time < refreshIntervalMs) return decision;
      }
      const location = await queryTmuxLocation(shell, ctx.logger, process.pid, signal);
      if (location === undefined) return decision;
      const state = renderState(location);
      if (previous !== undefined && previous.state === state) return decision;
      const text = renderReading(state, turn);
      const reading = createUserMessage({
        content: [{ type: 'text', text }],
        source: { kind: 'plugin', plugin: name, form: 'snapshot', sections: [{ name, text }] },
      });
      return { kind: 'enter', messages: [reading, ...decision.messages] };
    },
    { prepend: true },
  );
}
