import { createUserMessage, type UserMessage } from '../../../../reference/shared/message.js';
import { locationCommand } from '../../../../reference/tmux-context/command.js';
import { Config, validateRefreshInterval, type TmuxContextConfig } from '../../../../reference/tmux-context/config.js';
import { parseLocation, renderReading, renderState, type TmuxLocation } from '../../../../reference/tmux-context/location.js';
import { ReadingIndex, type PreviousReading } from '../../../../reference/tmux-context/reading-index.js';

/**
 * The reference tmux-context listener with its decision points spelled out, so each mutant is the
 * reference plus one realistic bug. Every field defaults to the reference's behaviour; a mutant
 * overrides exactly one (test support: excluded from the build).
 */

export interface Agent {
  session: { events: ArrayLike<any> };
}
interface Shell {
  resolve(request: { command: string; signal?: AbortSignal }): unknown;
  run(resolved: unknown): Promise<{ exitCode: number | null; stdout: { text: string } }>;
}
type Decision = { kind: 'reject' } | { kind: 'enter'; messages: UserMessage[] };

export interface Variant {
  /** Which steps query: the reference acts on step 1 only. */
  everyStep?: boolean;
  /** Query before the `await next()` (and so also on rejected or failed steps). */
  queryBeforeDelegate?: boolean;
  /** Check the interval only after running the query. */
  queryBeforeIntervalCheck?: boolean;
  /** The previous reading lookup, made once per plugin instance (default: the reference's raw-log index). */
  previous?: () => PreviousLookup;
  /** Does the interval suppress at `now`? */
  suppressedByInterval?: (now: number, previousTime: number, interval: number) => boolean;
  /** What is compared with the previous reading's state (default: the state block). */
  compared?: (state: string, text: string) => string;
  command?: (pid: number) => string;
  parse?: (stdout: string) => TmuxLocation | undefined;
  renderState?: (location: TmuxLocation) => string;
  source?: (text: string) => { kind: string; [key: string]: unknown };
  /** Put the reading after the batch. */
  appendAfterBatch?: boolean;
  /** Let an executor exception escape (failing the turn) instead of warning. */
  rethrowExecutorErrors?: boolean;
  /** Warn when the query exits non-zero. */
  warnOnNonZeroExit?: boolean;
}

export interface PreviousLookup {
  lookup(agent: Agent): PreviousReading | undefined;
  /** Told about every reading returned (for mutants that remember instead of reading the log). */
  seen?(state: string, time: number): void;
}

const name = 'tmux-context';

export function variantPlugin(variant: Variant) {
  return {
    name,
    inject: ['agents'],
    Config,
    apply(ctx: { on: Function; get(name: string): unknown; logger: { warn(message: string): void } }, config: TmuxContextConfig) {
      const interval = config.refreshIntervalMs;
      validateRefreshInterval(interval);
      const index = new ReadingIndex();
      const previousOf: PreviousLookup = variant.previous?.() ?? { lookup: (agent) => index.latest(agent.session) };
      const suppressed = variant.suppressedByInterval ?? ((now, time, ms) => now >= time && now - time < ms);

      const query = async (shell: Shell, signal: AbortSignal): Promise<TmuxLocation | undefined> => {
        let result;
        try {
          result = await shell.run(shell.resolve({ command: (variant.command ?? locationCommand)(process.pid), signal }));
        } catch (error) {
          if (variant.rethrowExecutorErrors) throw error;
          ctx.logger.warn(`tmux location query failed: ${error instanceof Error ? error.message : String(error)}; injecting no location this turn`);
          return undefined;
        }
        if (result.exitCode !== 0) {
          if (variant.warnOnNonZeroExit) ctx.logger.warn(`tmux location query exited with code ${result.exitCode}; injecting no location this turn`);
          return undefined;
        }
        return (variant.parse ?? parseLocation)(result.stdout.text);
      };

      ctx.on(
        'agent/pre-step',
        async ({ agent, turn, step, signal }: { agent: Agent; turn: number; step: number; signal: AbortSignal }, next: () => Promise<Decision>) => {
          const early = variant.queryBeforeDelegate && ctx.get('shell') !== undefined && (variant.everyStep || step === 1) ? await query(ctx.get('shell') as Shell, signal) : undefined;
          const decision = await next();
          if (decision.kind === 'reject' || signal.aborted || (!variant.everyStep && step !== 1)) return decision;
          const shell = ctx.get('shell') as Shell | undefined;
          if (shell === undefined) return decision;
          const previous = previousOf.lookup(agent);
          const intervalApplies = interval !== undefined && interval > 0 && previous !== undefined;
          let location: TmuxLocation | undefined;
          if (variant.queryBeforeIntervalCheck) {
            location = await query(shell, signal);
            if (intervalApplies && suppressed(Date.now(), previous.time, interval)) return decision;
          } else {
            if (intervalApplies && suppressed(Date.now(), previous.time, interval)) return decision;
            location = variant.queryBeforeDelegate ? early : await query(shell, signal);
          }
          if (location === undefined) return decision;
          const state = (variant.renderState ?? renderState)(location);
          const text = renderReading(state, turn);
          const compared = variant.compared ? variant.compared(state, text) : state;
          if (previous !== undefined && previous.state === compared) return decision;
          previousOf.seen?.(compared, Date.now());
          const source = variant.source ? variant.source(text) : { kind: 'plugin', plugin: name, form: 'snapshot', sections: [{ name, text }] };
          const reading = createUserMessage({ content: [{ type: 'text', text }], source });
          return { kind: 'enter', messages: variant.appendAfterBatch ? [...decision.messages, reading] : [reading, ...decision.messages] };
        },
        { prepend: true },
      );
    },
  };
}
