import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkLog, checkText } from './check.js';

/**
 * Hostile logs from issue 16 that used to end the check of a file (a rule threw, the rest of the file
 * was never judged) or exhaust memory (unbounded findings).
 */
const fixture = readFileSync(fileURLToPath(new URL('./log/test-fixtures/synthetic-session.jsonl', import.meta.url)), 'utf8');
const lines = fixture.split('\n').filter(Boolean);
const forgeElapsed = (l: string) => (l.includes('"seq":20,') ? l.replaceAll('preceding step context: 2s.', 'preceding step context: 7s.') : l);
const rules = (findings: Array<{ rule: string }>) => findings.map((f) => f.rule);

describe('containment: a malformed event never ends the check of its file', () => {
  it('a 10k-deep array as an event type is judged, and a forged elapsed value later in the log is still found', async () => {
    let deep = 'null';
    for (let i = 0; i < 10_000; i++) deep = `[${deep}]`;
    // The deep array replaces the type of the event on line 4 (seq 2).
    const log = lines.map((l, i) => (i === 3 ? l.replace(/"type":"[^"]+"/, `"type":${deep}`) : forgeElapsed(l)));
    const r = await checkText('deep.jsonl', `${log.join('\n')}\n`);
    expect(rules(r.findings)).not.toContain('LOG-READ-1');
    expect(r.findings).toContainEqual(expect.objectContaining({ rule: 'LOG-ENV-2', line: 4 }));
    expect(r.findings).toContainEqual(expect.objectContaining({ rule: 'TC-ELAPSED-1', line: 20, seq: 20 }));
    expect(r.status).toBe('violations');
  });

  it('a reading whose time is -9e15 is judged, and a forged elapsed value later in the log is still found', async () => {
    const log = lines.map((l) => (l.includes('"seq":5,') ? l.replace('"time":1784973850015', '"time":-9e15') : l)).map(forgeElapsed);
    const r = await checkText('negtime.jsonl', `${log.join('\n')}\n`);
    expect(rules(r.findings)).not.toContain('LOG-READ-1');
    expect(rules(r.findings)).not.toContain('LOG-CHECK-1');
    expect(r.findings).toContainEqual(expect.objectContaining({ rule: 'TC-TIME-1', line: 7, seq: 5 }));
    expect(r.findings).toContainEqual(expect.objectContaining({ rule: 'TC-ELAPSED-1', line: 20, seq: 20 }));
  });

  it('the forged elapsed value alone is found (the two tests above are not vacuous)', async () => {
    const r = await checkText('forged.jsonl', `${lines.map(forgeElapsed).join('\n')}\n`);
    expect(rules(r.findings)).toEqual(['TC-ELAPSED-1']);
  });
});

async function* emptyObjects(count: number): AsyncGenerator<Uint8Array> {
  yield Buffer.from(`${lines[0]}\n`);
  const batch = Buffer.from('{}\n'.repeat(100_000));
  for (let done = 0; done < count; done += 100_000) yield batch;
}

describe('bounded findings', () => {
  it('a million {} lines: four findings a line are counted, at most the per-rule cap kept', async () => {
    const r = await checkLog('empty.jsonl', { chunks: emptyObjects(1_000_000), maxFindingsPerRule: 10 });
    expect(r.events).toBe(1_000_000);
    expect(r.counts.error).toBe(4_000_000);
    const kept = r.findings.length;
    const suppressed = Object.values(r.suppressed).reduce((a, b) => a + b, 0);
    expect(kept + suppressed).toBe(r.counts.error + r.counts.warning + r.counts.info);
    expect(kept).toBeLessThanOrEqual(10 * Object.keys(r.suppressed).length + 10);
    expect(r.suppressed).toEqual(expect.objectContaining({ 'LOG-ENV-2': expect.any(Number), 'LOG-SEQ-1': expect.any(Number) }));
    expect(r.status).toBe('violations');
  }, 120_000);
});
