import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REVISION, DEFAULT_SPEC, checkLog, checkLogs, checkText, loadFixtures } from './index.js';

/**
 * The library API's revision option is `revision`; `spec`, its 0.1 name, is still accepted
 * (deprecated) so callers written against 0.1 keep working. `runConformance`'s alias is tested in
 * runner/hostile/hostile.test.ts (it needs the isolated runner).
 */
const judgedUnder07 = loadFixtures({ kind: 'log' }).find((f) => f.title === 'a 2026-08 three-line reading judged under 2026-07')!;
const log = join(judgedUnder07.dir, 'log.jsonl');

describe('the deprecated option name `spec`', () => {
  it('DEFAULT_SPEC is DEFAULT_REVISION', () => {
    expect(DEFAULT_SPEC).toBe(DEFAULT_REVISION);
  });

  it('loadFixtures reads it as `revision`', () => {
    const old = loadFixtures({ spec: '2026-07' });
    expect(old.map((f) => f.id)).toEqual(loadFixtures({ revision: '2026-07' }).map((f) => f.id));
    expect(old.length).toBeLessThan(loadFixtures().length);
    expect(old.every((f) => f.revisions.includes('2026-07'))).toBe(true);
  });

  it('checkLog, checkText and checkLogs read it as `revision`; `revision` wins when both are given', async () => {
    const rules = (r: { findings: { rule: string }[] }) => r.findings.map((f) => f.rule);
    const under07 = rules(await checkLog(log, { revision: '2026-07' }));
    expect(under07).toContain('TC-FORMAT-1');
    expect(rules(await checkLog(log))).not.toContain('TC-FORMAT-1');
    expect(rules(await checkLog(log, { spec: '2026-07' }))).toEqual(under07);
    expect(rules(await checkLog(log, { spec: '2026-07', revision: '2026-08' }))).not.toContain('TC-FORMAT-1');
    const { readFileSync } = await import('node:fs');
    expect(rules(await checkText('log.jsonl', readFileSync(log), { spec: '2026-07' }))).toEqual(under07);
    const report = await checkLogs(log, { spec: '2026-07' });
    expect(report.spec).toBe('2026-07');
    expect(report.findings.map((f) => f.rule)).toEqual(under07);
  });
});
