/**
 * What the benchmark measures: the session shapes (what the durable log looks like when a pre-step
 * runs) and how each one is driven. Each shape names the generated log it runs on ({@link LogRecipe}),
 * the plugin configuration, how the harness commits decisions, and what the first measured pre-step
 * must decide (the correctness guard checks this, so a shape can never silently measure something
 * else, e.g. a "suppressed" shape whose readings are in fact due).
 */

export const SOURCES = ['time-context', 'tmux-context'] as const;
export type BenchSource = (typeof SOURCES)[number];

export const IMPLEMENTATIONS = ['reference', 'upstream'] as const;
export type Implementation = (typeof IMPLEMENTATIONS)[number];

/** When the generated history has readings of a source. */
export type ReadingHistory = 'every-opportunity' | 'first-turn-only' | 'none' | { everyMs: number };

export interface LogRecipe {
  id: 'every-step' | 'suppressed' | 'no-reading' | 'compacted';
  /** time-context readings (a chance at every pre-step). */
  timeReadings: ReadingHistory;
  /** tmux-context readings (a chance at each turn's first pre-step). */
  tmuxReadings: ReadingHistory;
  /** A standalone compaction after every this many turns (generated history and steady-state growth). */
  compactEveryTurns?: number;
  /** End the generated log with a compaction, so the latest readings are shadowed. */
  endWithCompaction?: boolean;
}

export type Mode = 'steady' | 'restart-first' | 'restart-steady';
export type Expectation = 'inject' | 'skip' | 'any';

export interface ShapeSpec {
  id: 'every-step' | 'suppressed' | 'no-reading' | 'compacted' | 'restart-first' | 'restart-steady';
  description: string;
  log: LogRecipe;
  mode: Mode;
  config: Record<BenchSource, { refreshIntervalMs: number; timeZone?: string }>;
  /** The canned tmux answer: a window name that changes on every query, or "not inside tmux" (exit 1). */
  shell: 'changing' | 'not-in-tmux';
  /**
   * Whether the harness commits the plugin's own reading. `false` holds the no-reading shape in steady
   * state (every measured pre-step sees a log without a reading), as if each step failed after the
   * decision; other messages of the decision are committed as usual.
   */
  commitReadings: boolean;
  /** What the first measured pre-step decides, per source (checked by the guard for both implementations). */
  expectFirst: Record<BenchSource, Expectation>;
}

const SECOND = 1_000;
const HOUR = 3_600 * SECOND;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;

export const LOGS = {
  everyStep: { id: 'every-step', timeReadings: 'every-opportunity', tmuxReadings: 'every-opportunity' },
  suppressed: { id: 'suppressed', timeReadings: 'first-turn-only', tmuxReadings: 'first-turn-only' },
  noReading: { id: 'no-reading', timeReadings: 'none', tmuxReadings: 'none' },
  compacted: { id: 'compacted', timeReadings: { everyMs: DAY }, tmuxReadings: { everyMs: DAY }, compactEveryTurns: 25, endWithCompaction: true },
} as const satisfies Record<string, LogRecipe>;

/** Steps are always more than a second apart (a model call takes seconds), so a 1 s interval never suppresses. */
const everyStepConfig = { 'time-context': { refreshIntervalMs: SECOND, timeZone: 'UTC' }, 'tmux-context': { refreshIntervalMs: SECOND } };

export const SHAPES: readonly ShapeSpec[] = [
  {
    id: 'every-step',
    description: 'a reading at every opportunity (1 s interval; time-context every step, tmux every turn); the latest reading is a few events back',
    log: LOGS.everyStep,
    mode: 'steady',
    config: everyStepConfig,
    shell: 'changing',
    commitReadings: true,
    expectFirst: { 'time-context': 'inject', 'tmux-context': 'inject' },
  },
  {
    id: 'suppressed',
    description: 'one reading in turn 1 and a one-year interval: every pre-step is suppressed by a reading at the far start of the log',
    log: LOGS.suppressed,
    mode: 'steady',
    config: { 'time-context': { refreshIntervalMs: YEAR, timeZone: 'UTC' }, 'tmux-context': { refreshIntervalMs: YEAR } },
    shell: 'changing',
    commitReadings: true,
    expectFirst: { 'time-context': 'skip', 'tmux-context': 'skip' },
  },
  {
    id: 'no-reading',
    description: 'no reading anywhere in the log (worst case for a backward scan); time-context readings are not committed, tmux is not inside tmux (query exits 1)',
    log: LOGS.noReading,
    mode: 'steady',
    config: everyStepConfig,
    shell: 'not-in-tmux',
    commitReadings: false,
    expectFirst: { 'time-context': 'inject', 'tmux-context': 'skip' },
  },
  {
    id: 'compacted',
    description: 'a one-day interval with a reading whenever due, a compaction every 25 turns; the log ends with a compaction, so the latest reading (which suppresses nearly every pre-step) is shadowed',
    log: LOGS.compacted,
    mode: 'steady',
    // A day rather than an hour: steady state runs for hours of virtual time at the big sizes but only
    // minutes at the small ones, and the share of due (injecting) pre-steps must not depend on size.
    config: { 'time-context': { refreshIntervalMs: DAY, timeZone: 'UTC' }, 'tmux-context': { refreshIntervalMs: DAY } },
    shell: 'changing',
    commitReadings: true,
    expectFirst: { 'time-context': 'any', 'tmux-context': 'any' },
  },
  {
    id: 'restart-first',
    description: 'the every-step log reopened by a fresh plugin instance: its first pre-step (the reference walks back only as far as this decision needs)',
    log: LOGS.everyStep,
    mode: 'restart-first',
    config: everyStepConfig,
    shell: 'changing',
    commitReadings: true,
    expectFirst: { 'time-context': 'inject', 'tmux-context': 'inject' },
  },
  {
    id: 'restart-steady',
    description: 'the every-step log after a restart: later pre-steps of the fresh instance (the index build is a one-off)',
    log: LOGS.everyStep,
    mode: 'restart-steady',
    config: everyStepConfig,
    shell: 'changing',
    commitReadings: true,
    expectFirst: { 'time-context': 'inject', 'tmux-context': 'inject' },
  },
];
