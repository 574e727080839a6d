import fc from 'fast-check';
import type { SourceName } from '../../spec/revisions.js';
import type { Action, ScenarioFixture } from '../scenario/schema.js';

/**
 * Generated sessions for property runs: a random but well-formed agent-loop script (prompts, clock
 * moves including backwards, pre-steps with every downstream decision, requests, assistant messages
 * with tool calls, step and turn ends, compactions, restarts) plus source-specific ingredients that a
 * source module may add (`extras`). The script is run against the plugin under test and the
 * reference; they must produce the same outcomes, log, warnings and observations.
 */
export type GeneratedScenario = Pick<ScenarioFixture, 'config' | 'env' | 'log' | 'actions'>;

export interface SourceIngredients {
  /** Plugin configs worth trying. */
  config: fc.Arbitrary<Record<string, unknown> | undefined>;
  /** Message sources for prompts (e.g. user-rpc with a client time zone). */
  promptSource: fc.Arbitrary<Record<string, unknown>>;
  /** Prompt texts (e.g. with session mentions). */
  promptText: fc.Arbitrary<string>;
  /** Environment sections (tmux, workspace, sessions). */
  env: fc.Arbitrary<Partial<Pick<ScenarioFixture['env'], 'tmux' | 'workspace' | 'sessions'>>>;
  /**
   * Extra actions (env changes, file-touching tool calls). An arbitrary may yield a group of actions
   * that must stay together (a tool call and the `settle` that lets its background work finish).
   */
  extraActions: fc.Arbitrary<Action | Action[]>[];
  /** Relative weight of each extra action arbitrary against the generic ones (clock 4, prompt 4, pre-step 6, ...). */
  extraWeight: number;
  /**
   * Every generated pre-step aborts its signal when it is still pending once queued work has run: for
   * sources whose services can be told to never answer (a hanging session read). Not for sources
   * whose pre-step waits on a real child process (tmux), which would be aborted mid-query.
   */
  abortWhenStalled: boolean;
}

/** The id of a generated session (so ingredients can mention the session itself). */
export function propertySessionId(source: SourceName): string {
  return `session-${source}-property`;
}

const BASE_CLOCK = Date.parse('2026-07-14T00:00:00.000Z');

const defaults: SourceIngredients = {
  config: fc.constant(undefined),
  promptSource: fc.constant({ kind: 'user' }),
  promptText: fc.string({ maxLength: 20 }),
  env: fc.constant({}),
  extraActions: [],
  extraWeight: 2,
  abortWhenStalled: false,
};

export function sessionArbitrary(source: SourceName, ingredients: Partial<SourceIngredients> = {}): fc.Arbitrary<GeneratedScenario> {
  const ing = { ...defaults, ...ingredients };
  const clockMove = fc.oneof(
    fc.integer({ min: 0, max: 5_000 }),
    fc.integer({ min: 0, max: 400_000 }),
    fc.integer({ min: -120_000, max: 0 }),
  );
  const downstream = fc.oneof(
    { weight: 8, arbitrary: fc.constant({ kind: 'default' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'reject' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'throw' as const, message: 'downstream failure' }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'abort' as const }) },
    { weight: 1, arbitrary: fc.constant({ kind: 'enter' as const, add: [{ text: 'downstream context', source: { kind: 'plugin', plugin: 'other' } }] }) },
  );
  const action = (fc.oneof as (...args: unknown[]) => fc.Arbitrary<unknown>)(
    { weight: 4, arbitrary: clockMove.map((advance) => ({ do: 'clock' as const, advance })) },
    {
      weight: 4,
      arbitrary: fc.record({ text: ing.promptText, source: ing.promptSource, lane: fc.constantFrom('next-turn' as const, 'next-step' as const) }).map(({ text, source, lane }) => ({
        do: 'prompt' as const,
        lane,
        message: { text, source },
      })),
    },
    { weight: 6, arbitrary: fc.record({ downstream, abortBefore: fc.oneof({ weight: 9, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }) }).map(({ downstream: d, abortBefore }) => ({ do: 'pre-step' as const, downstream: d, ...(abortBefore ? { abortBefore } : {}), ...(ing.abortWhenStalled ? { abortWhenStalled: true } : {}) })) },
    { weight: 2, arbitrary: fc.constant({ do: 'request' as const }) },
    { weight: 2, arbitrary: fc.constant({ do: 'assistant' as const, text: 'answer' }) },
    { weight: 1, arbitrary: fc.constant({ do: 'assistant' as const, toolCalls: [{ name: 'bash', arguments: { command: 'date' } }] }) },
    { weight: 2, arbitrary: fc.constant({ do: 'turn-end' as const }) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 }).map((keepLast) => ({ do: 'compact' as const, keepLast })) },
    { weight: 1, arbitrary: fc.constant({ do: 'restart' as const }) },
    ...ing.extraActions.map((arbitrary) => ({ weight: ing.extraWeight, arbitrary })),
  ) as unknown as fc.Arbitrary<Action | Action[]>;
  return fc
    .record({
      config: ing.config,
      env: ing.env,
      tz: fc.constantFrom('UTC', 'Asia/Shanghai', 'America/New_York'),
      actions: fc.array(action, { minLength: 1, maxLength: 25 }),
    })
    .map(({ config, env, tz, actions }) => ({
      ...(config ? { config } : {}),
      env: {
        clock: BASE_CLOCK,
        tz,
        header: { type: 'session' as const, version: 0, id: propertySessionId(source), createdAt: BASE_CLOCK, cwd: '/proj', delegationDepth: 0 },
        ...env,
      },
      log: [],
      actions: actions.flat(),
    }));
}
