import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixtureOf, randomScenario, randomSuccessfulScenario, type RandomScenario } from '../../generators/session-reference/random.js';
import { loadPlugin, pluginFromModule, type LoadedPlugin } from '../../loader/load-plugin.js';
import { executeScenario } from '../../scenario/execute.js';
import * as reference from '../../../reference/session-reference/index.js';

/**
 * Differential property: the reference and the published @deepseek-ai/dsh-session-reference@0.1.0-rc.8,
 * each driven through the simulated host over the same random other sessions, mention texts, budgets,
 * read failures and cancellations, produce the same outcomes (error codes and messages included), the
 * same durable log (ids normalised, compared as JSON text so key order counts too) and the same
 * sessionQuery calls.
 */

let upstream: LoadedPlugin;
const ours = pluginFromModule(reference, 'reference:session-reference', 'reference', 'session-reference');
beforeAll(async () => {
  upstream = await loadPlugin('@deepseek-ai/dsh-session-reference', { source: 'session-reference' });
});

async function both(s: RandomScenario) {
  const fixture = fixtureOf(s);
  const theirs = await executeScenario(upstream.factory, fixture);
  const mine = await executeScenario(ours.factory, fixture);
  const view = (a: typeof mine) => JSON.stringify({ outcomes: a.outcomes, log: a.log, observations: a.observations, warnings: a.warnings });
  return { theirs: view(theirs), mine: view(mine), raw: theirs };
}

describe('reference vs published session-reference, differential', () => {
  it('agree on outcomes, the exact durable log and the reads made, for random sessions, mentions, budgets and failures', async () => {
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.oneof(randomScenario, randomSuccessfulScenario), async (s) => {
        const { theirs, mine, raw } = await both(s);
        for (const o of raw.outcomes) seen.add(o.kind === 'error' ? `error:${o.error.code ?? o.error.name}` : o.kind);
        expect(mine).toBe(theirs);
      }),
      { seed: 424242, numRuns: 600 },
    );
    // The generator reaches every outcome class, or the property would prove little.
    for (const kind of ['enter', 'error:SESSION_REFERENCE_SELF_REFERENCE', 'error:SESSION_REFERENCE_TOO_MANY', 'error:SESSION_REFERENCE_READ_FAILED', 'error:SESSION_REFERENCE_INVALID_REFERENCE', 'error:SESSION_REFERENCE_CANCELLED', 'error:SESSION_REFERENCE_BUDGET_EXCEEDED']) {
      expect(seen, kind).toContain(kind);
    }
  });
});
