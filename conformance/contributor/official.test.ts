import { describe, expect, it } from 'vitest';
import { SOURCES } from '../../spec/revisions.js';
import { copyLoaderFor } from './executor.js';
import { inProcessExecutor } from './executor.js';
import { sessionsFor } from './sessions.js';
import { runContributorSuite } from './suite.js';
import { SOURCE_WAIVERS } from './waivers.js';

// The four official sources (the bundled references, which the suite shows equal to the published
// packages) pass the contributor suite with only the waivers their own specs write down: the generic
// rules are not too strict.
describe('the four sources pass the contributor suite', () => {
  it.each(SOURCES)('%s', async (source) => {
    const loader = copyLoaderFor({ pluginArg: `reference:${source}`, source }, '2026-08');
    const plugin = await loader.first();
    const result = await runContributorSuite({ executor: inProcessExecutor(loader.load), sessions: await sessionsFor(source), pluginName: plugin.name, waivers: SOURCE_WAIVERS[source], runs: 25, seed: 7 });
    expect(result.error).toBeUndefined();
    const failing = result.rules.filter((r) => r.status === 'fail');
    expect(failing.map((r) => r.explanation).join('\n\n')).toBe('');
    expect(result.rules.filter((r) => r.status === 'waived').map((r) => r.rule)).toEqual(SOURCE_WAIVERS[source].map((w) => w.rule));
  }, 300_000);
});
