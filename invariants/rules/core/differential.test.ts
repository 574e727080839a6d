import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkText } from '../../check.js';
import { applyMutation, buildLog, encode, logPlanArb, mutationArb } from './test-support/log-generator.js';
import { rulesForUpstream, upstreamVerdict } from './test-support/upstream-oracle.js';

/**
 * Differential property: our core rules against DSH itself (restore + the dsh-session and
 * dsh-compaction invariant companions) on random valid logs and mutated copies.
 *
 * - Wherever upstream rejects a log, we report an error of the corresponding rule on the same line.
 * - Wherever upstream accepts, any error we report is one of the documented stricter rules
 *   (spec/log.md, "Where we are stricter").
 */
const STRICTER_THAN_UPSTREAM = new Set(['LOG-CMP-7']);

async function judge(lines: string[]) {
  const ours = await checkText('gen.jsonl', `${lines.join('\n')}\n`);
  const theirs = await upstreamVerdict(lines);
  return { ours, theirs };
}

describe('core rules vs upstream DSH (differential)', () => {
  it('valid generated logs pass both, with no errors or warnings from us', async () => {
    await fc.assert(
      fc.asyncProperty(logPlanArb, async (plan) => {
        const lines = encode(buildLog(plan));
        const { ours, theirs } = await judge(lines);
        expect(theirs).toEqual({ ok: true });
        expect(ours.findings.filter((f) => f.severity !== 'info')).toEqual([]);
      }),
      { numRuns: 150, seed: 20260801 },
    );
  });

  it('mutated logs: every upstream rejection is one of our errors at the same line; extra errors are documented', async () => {
    await fc.assert(
      fc.asyncProperty(logPlanArb, fc.array(mutationArb, { minLength: 1, maxLength: 2 }), async (plan, mutations) => {
        let events = buildLog(plan);
        for (const m of mutations) events = applyMutation(events, m);
        const lines = encode(events);
        const { ours, theirs } = await judge(lines);
        const errors = ours.findings.filter((f) => f.severity === 'error');
        if (!theirs.ok) {
          const expected = rulesForUpstream(theirs.message);
          expect(expected, `unmapped upstream message: ${theirs.message}`).not.toEqual([]);
          const match = errors.filter((f) => f.line === theirs.line && expected.includes(f.rule));
          expect(match, `upstream (${theirs.stage}) rejected line ${theirs.line}: "${theirs.message}"; we reported ${JSON.stringify(errors.map((f) => [f.rule, f.line, f.message]))}`).not.toEqual([]);
        } else {
          const extra = errors.filter((f) => !STRICTER_THAN_UPSTREAM.has(f.rule));
          expect(extra, 'upstream accepted this log').toEqual([]);
        }
      }),
      { numRuns: 400, seed: 20260802 },
    );
  });
});
