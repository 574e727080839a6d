import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkPaths } from '../check-paths.js';
import type { FileResult } from '../check.js';
import { defaultCheckOptions } from '../engine.js';
import { checkInPool } from './check-pool.js';

const fixtures = fileURLToPath(new URL('../log/test-fixtures/', import.meta.url));
const tool = { name: 't', version: '0' };

/** A tree of logs of different sizes, so workers finish out of order. */
function tree(): string {
  const dir = mkdtempSync(join(tmpdir(), 'dsh-pool-'));
  const session = readFileSync(join(fixtures, 'synthetic-session.jsonl'), 'utf8');
  const minimal = readFileSync(join(fixtures, 'synthetic-minimal.jsonl'), 'utf8');
  for (let i = 0; i < 7; i++) {
    mkdirSync(join(dir, `s${i}`));
    const text = i % 3 === 0 ? session : i % 3 === 1 ? minimal : session.split('\n').filter((l) => !l.includes('request/context')).join('\n');
    writeFileSync(join(dir, `s${i}`, 'session.jsonl'), text);
  }
  return dir;
}

describe('check pool', () => {
  it('gives the same report, in the same file order, as the sequential loop, for any worker count', async () => {
    const dir = tree();
    const sequential = await checkPaths([dir], { tool });
    for (const workers of [1, 3]) expect(await checkPaths([dir], { tool, workers })).toEqual(sequential);
    expect(sequential.files.map((f) => f.status)).toEqual(['ok', 'ok', 'violations', 'ok', 'ok', 'violations', 'ok']);
  }, 120_000);

  it('a log that exhausts a worker is a LOG-CHECK-2 error for that file only; the other logs are still checked', async () => {
    const dir = tree();
    // A long log whose visible surface (open state the model must hold) outgrows a deliberately tiny
    // worker heap gradually, as a real runaway log would.
    const big = join(dir, 's3', 'session.jsonl');
    const header = readFileSync(join(fixtures, 'synthetic-minimal.jsonl'), 'utf8').split('\n')[0];
    const rows = [header];
    for (let seq = 0; seq < 40_000; seq++) {
      rows.push(JSON.stringify({ type: 'user/message', seq, time: 1784973850000 + seq, surfaceOp: 'append', data: { id: `m${seq}`, role: 'user', content: [{ type: 'text', text: `${seq} ${'x'.repeat(1000)}` }], source: { kind: 'user' } } }));
    }
    writeFileSync(big, `${rows.join('\n')}\n`);
    const files = [0, 1, 2, 3, 4].map((i) => join(dir, `s${i}`, 'session.jsonl'));
    const results: FileResult[] = [];
    await checkInPool(files, { options: defaultCheckOptions(), workers: 2, onResult: (r) => results.push(r), resourceLimits: { maxOldGenerationSizeMb: 12, maxYoungGenerationSizeMb: 2 } });
    expect(results.map((r) => r.file)).toEqual(files);
    expect(results[3]).toEqual(expect.objectContaining({ status: 'unreadable', findings: [expect.objectContaining({ rule: 'LOG-CHECK-2', severity: 'error', file: big })] }));
    expect(results[3].findings[0].message).toContain('heap budget');
    expect(results.filter((_, i) => i !== 3).map((r) => r.status)).toEqual(['ok', 'ok', 'violations', 'ok']);
  }, 120_000);
});
