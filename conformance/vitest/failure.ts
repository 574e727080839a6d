import { terminalSafe } from '../../invariants/text/safe-text.js';
import type { FixtureResult } from '../runner/results.js';

/** A verdict as the parent-side judge gives it (run-suite.ts `resultOf`). */
export type FixtureOutcome = Pick<FixtureResult, 'status' | 'message' | 'diff' | 'rules'>;

/**
 * A fixture verdict as a vitest failure: the kit's message and first difference, with `expected` and
 * `actual` set so vitest (and any `--reporter`) shows its own diff of the two values, and the fixture
 * directory that reproduces the run. Plugin-produced text is made terminal-safe first.
 */
export class ConformanceFailure extends Error {
  override readonly name = 'ConformanceFailure';
  readonly expected?: string;
  readonly actual?: string;
  readonly showDiff: boolean;

  constructor(outcome: FixtureOutcome, where: { id: string; dir?: string }) {
    const lines = [`${outcome.status === 'error' ? 'ERROR' : 'FAIL'}: ${terminalSafe(outcome.message, { multiline: true })}`];
    if (outcome.rules?.length) lines.push(`invariant rules violated: ${outcome.rules.join(', ')}`);
    const diff = outcome.diff as { path: string; expected: unknown; actual: unknown } | undefined;
    if (diff) lines.push(`first difference at ${terminalSafe(diff.path)}`);
    if (where.dir) lines.push(`reproduce: ${where.dir}/ (initial.jsonl + the actions in fixture.json → expected.jsonl); dsh-ctx-conform PLUGIN --filter ${where.id}`);
    super(lines.join('\n'));
    this.showDiff = diff !== undefined;
    if (diff) {
      this.expected = show(diff.expected);
      this.actual = show(diff.actual);
    }
  }
}

function show(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? 'undefined');
  return terminalSafe(text, { multiline: true });
}
