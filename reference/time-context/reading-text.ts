import type { SpecRevision } from '../../spec/revisions.js';

/**
 * The wire format of a reading, per spec revision: how the reference writes it and how the validator
 * reads it back. 2026-08 has three lines (time, browser-zone policy, elapsed); 2026-07 (the seed README,
 * npm 0.0.1-rc.1) has two (no policy line).
 */

export type BaselineLabel = 'model-visible message' | 'step context';

export interface ReadingParts {
  turn: number;
  step: number;
  /** The rendered timestamp, `2026-07-14T00:00:00+00:00[UTC]`. */
  timestamp: string;
  /** The browser-zone policy line (2026-08 only). */
  policy?: string;
  /** The rendered duration, or `unavailable`. */
  elapsed: string;
}

/** Step 1 measures from the preceding model-visible message; later steps from the previous reading. */
export function baselineLabel(step: number): BaselineLabel {
  return step === 1 ? 'model-visible message' : 'step context';
}

export function renderReading(revision: SpecRevision, parts: ReadingParts): string {
  const first = `Time sampled while preparing turn ${parts.turn}, step ${parts.step}: ${parts.timestamp}`;
  const last = `Elapsed since the preceding ${baselineLabel(parts.step)}: ${parts.elapsed}.`;
  if (revision === '2026-07') return `${first}\n${last}`;
  if (parts.policy === undefined) throw new TypeError('internal: a 2026-08 reading needs its browser-zone policy line');
  return `${first}\n${parts.policy}\n${last}`;
}

// The durable reading grammar. `.+` cannot cross a newline (no `s` flag) and the whole text is anchored.
const TIME_LINE = String.raw`Time sampled while preparing turn (\d+), step (\d+): (\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:Z|[+-]\d{2}:\d{2})\[[^\]]+\])`;
const ELAPSED_LINE = String.raw`Elapsed since the preceding (model-visible message|step context): (unavailable|(?:(?:\d+d )?(?:\d+h )?(?:\d+m )?\d+s))\.`;
const PATTERNS: Record<SpecRevision, RegExp> = {
  '2026-08': new RegExp(`^${TIME_LINE}\\n(Browser time zone for this request: .+)\\n${ELAPSED_LINE}$`),
  '2026-07': new RegExp(`^${TIME_LINE}\\n${ELAPSED_LINE}$`),
};

export interface ParsedReading {
  /** As written; may be unsafe (`1e21` digits) — callers check. */
  turn: number;
  step: number;
  timestamp: string;
  policy?: string;
  baseline: BaselineLabel;
  /** `unavailable` or the duration text. */
  elapsed: string;
}

/** Parse a reading's text under `revision`, or undefined when it does not match the grammar. */
export function parseReading(revision: SpecRevision, text: string): ParsedReading | undefined {
  const match = PATTERNS[revision].exec(text);
  if (match === null) return undefined;
  if (revision === '2026-07') {
    const [, turn, step, timestamp, baseline, elapsed] = match;
    return { turn: Number(turn), step: Number(step), timestamp, baseline: baseline as BaselineLabel, elapsed };
  }
  const [, turn, step, timestamp, policy, baseline, elapsed] = match;
  return { turn: Number(turn), step: Number(step), timestamp, policy, baseline: baseline as BaselineLabel, elapsed };
}
