import { packChunkRuns } from '@deepseek-ai/dsh-session';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkText } from '../../check.js';
import { coreRuleModules } from './index.js';
import { HEADER, applyMutation, buildLog, encode, logPlanArb, mutationArb, type Ev } from './test-support/log-generator.js';
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

/** Half the time, store chunk runs as packed rows exactly as DSH's writer does (upstream's packer). */
function encodeMaybePacked(events: Ev[], pack: boolean): string[] {
  if (!pack) return encode(events);
  return [JSON.stringify(HEADER), ...(packChunkRuns(events as never) as unknown[]).map((r) => JSON.stringify(r))];
}

async function judge(lines: string[]) {
  // Core rules only: the oracle is the dsh-session and dsh-compaction companions.
  const ours = await checkText('gen.jsonl', `${lines.join('\n')}\n`, { modules: coreRuleModules });
  const theirs = await upstreamVerdict(lines);
  return { ours, theirs };
}

describe('core rules vs upstream DSH (differential)', () => {
  it('valid generated logs pass both, with no errors or warnings from us', async () => {
    await fc.assert(
      fc.asyncProperty(logPlanArb, fc.boolean(), async (plan, pack) => {
        const lines = encodeMaybePacked(buildLog(plan), pack);
        const { ours, theirs } = await judge(lines);
        expect(theirs).toEqual({ ok: true });
        expect(ours.findings.filter((f) => f.severity !== 'info')).toEqual([]);
      }),
      { numRuns: 150, seed: 20260801 },
    );
  });

  it('mutated logs: every upstream rejection is one of our errors at the same line; extra errors are documented', async () => {
    await fc.assert(
      fc.asyncProperty(logPlanArb, fc.array(mutationArb, { minLength: 1, maxLength: 2 }), fc.boolean(), async (plan, mutations, pack) => {
        let events = buildLog(plan);
        for (const m of mutations) events = applyMutation(events, m);
        const lines = encodeMaybePacked(events, pack);
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
