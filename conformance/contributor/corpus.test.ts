import { describe, expect, it } from 'vitest';
import { corpusFiles, corpusLoader, corpusMeta } from './corpus/corpus.js';
import { inProcessExecutor } from './executor.js';
import { contributorSessions } from './sessions.js';
import { runContributorSuite } from './suite.js';

// Every corpus plugin is judged exactly as its header comment says: the same failing error rules,
// the same warnings, and (where stated) the same info notes.
describe('the contributor corpus is judged as each plugin says', () => {
  it('holds at least 12 plugins', () => expect(corpusFiles().length).toBeGreaterThanOrEqual(12));
  it.each(corpusFiles())('%s', async (file) => {
    const { name, expectation } = await corpusMeta(file);
    const result = await runContributorSuite({ executor: inProcessExecutor(corpusLoader(file)), sessions: contributorSessions(), pluginName: name, waivers: [], runs: 40, seed: 42 });
    expect(result.error).toBeUndefined();
    const fails = result.rules.filter((r) => r.status === 'fail').map((r) => r.rule).sort();
    const warns = [...new Set(result.notes.filter((n) => n.severity === 'warning').map((n) => n.rule))].sort();
    const info = [...new Set(result.notes.filter((n) => n.severity === 'info' && n.rule !== 'CTX-HOST-1').map((n) => n.rule))].sort();
    const explanations = result.rules.filter((r) => r.status === 'fail').map((r) => r.explanation).join('\n\n');
    expect(fails, explanations).toEqual([...expectation.fails].sort());
    expect(warns).toEqual([...expectation.warns].sort());
    if (expectation.info !== null) expect(info).toEqual([...expectation.info].sort());
    if (expectation.compactNote) {
      const notes = result.notes.filter((n) => n.rule === 'CTX-COMPACT-1').map((n) => n.message);
      expect(notes.some((m) => m.includes(`was ${expectation.compactNote}`)), notes.join('\n')).toBe(true);
    }
  }, 120_000);
});
