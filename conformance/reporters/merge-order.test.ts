import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPaths, shardFiles } from '../../invariants/check-paths.js';
import type { CheckReport } from '../../invariants/reporters/report.js';
import { mergeCheckReports } from './merge.js';

/**
 * merge-reports promises "the report one unsharded run would have given": the shards of one
 * `--shard i/n` split, in any argument order, merge back into the unsharded report exactly — files in
 * the sorted order, findings following their file, path problems first. (Concatenating shards in
 * shard order, as the first merge did, lists file 1, 3, 5, ... before 2, 4, 6.)
 */
const fixtures = fileURLToPath(new URL('../../invariants/log/test-fixtures/', import.meta.url));
const tool = { name: 'dsh-ctx-conform', version: 'test' };
let tree: string;

beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), 'dsh-merge-order-'));
  const logs = ['synthetic-session.jsonl', 'synthetic-minimal.jsonl', 'multi-frame.jsonl.zstd', 'bad-checksum.jsonl.zstd', 'torn-frame.jsonl.zstd', 'real-session-run1.jsonl.zstd', 'synthetic-session.jsonl'];
  logs.forEach((log, k) => {
    const dir = join(tree, `s${k}`);
    mkdirSync(dir);
    const name = log.endsWith('.zstd') ? 'session.jsonl.zstd' : 'session.jsonl';
    if (k === 6) writeFileSync(join(dir, name), readFileSync(join(fixtures, log), 'utf8').split('\n').filter((l) => !l.includes('request/context')).join('\n'));
    else copyFileSync(join(fixtures, log), join(dir, name));
  });
  // A path problem (a dangling symlink named as a log): reported once, by shard 1, before any file.
  mkdirSync(join(tree, 'dangling'));
  symlinkSync(join(tree, 'nowhere'), join(tree, 'dangling', 'session.jsonl'));
});
afterAll(() => rmSync(tree, { recursive: true, force: true }));

describe('merge-reports: shards back in the unsharded order', () => {
  it('for every n from 1 to 8, the n shards (given in reverse) merge into the unsharded report', async () => {
    const whole = await checkPaths([tree], { tool });
    expect(whole.findings.some((f) => f.messageId === 'danglingLogLink')).toBe(true);
    expect(whole.summary.errors).toBeGreaterThan(0);
    for (let n = 1; n <= 8; n++) {
      const shards: CheckReport[] = [];
      for (let i = 1; i <= n; i++) shards.push(await checkPaths([tree], { tool, shard: { index: i, count: n } }));
      expect(mergeCheckReports([...shards].reverse())).toEqual({ ...whole, summary: { ...whole.summary } });
    }
  });

  it('reports that are not the n shards of one split are concatenated in argument order', async () => {
    const a = await checkPaths([join(tree, 's0')], { tool });
    const b = await checkPaths([join(tree, 's3')], { tool });
    expect(mergeCheckReports([b, a]).files.map((f) => f.file)).toEqual([...b.files, ...a.files].map((f) => f.file));
    // Two of three shards: nothing to interleave against, kept in argument order.
    const s2 = await checkPaths([tree], { tool, shard: { index: 2, count: 3 } });
    const s1 = await checkPaths([tree], { tool, shard: { index: 1, count: 3 } });
    expect(mergeCheckReports([s2, s1]).files.map((f) => f.file)).toEqual([...s2.files, ...s1.files].map((f) => f.file));
  });

  it('property: any file list, any split — the shards merge back into the whole', () => {
    const finding = (file: string, k: number) => ({ rule: 'LOG-SEQ-1', severity: 'error' as const, file, line: k + 1, byteOffset: null, seq: null, witness: [], message: `m${k}`, messageId: 'gap', data: {}, specRef: 'spec/log.md' });
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 3 }), { maxLength: 30 }), fc.nat({ max: 2 }), fc.integer({ min: 1, max: 9 }), (perFile, pathProblems, n) => {
        const files = perFile.map((_, k) => ({ file: `/logs/${String(k).padStart(3, '0')}/session.jsonl`, events: k, status: 'ok' as const, suppressed: {} }));
        const report = (fs: typeof files, withPath: boolean, shard: string | null): CheckReport => {
          const findings = [...(withPath ? Array.from({ length: pathProblems }, (_, k) => finding(`/logs/missing-${k}`, k)) : []), ...fs.flatMap((f) => Array.from({ length: perFile[f.events] }, (_, k) => finding(f.file, k)))];
          const summary = { files: fs.length, events: fs.reduce((a, f) => a + f.events, 0), bytes: 0, errors: findings.length, warnings: 0, infos: 0, unreadable: 0, violations: 0, findingsOmitted: 0, findingsSuppressed: 0, shard };
          return { tool, spec: '2026-08', files: fs, findings, summary } as CheckReport;
        };
        const shards = Array.from({ length: n }, (_, i) => report(shardFiles(files, { index: i + 1, count: n }), i === 0, `${i + 1}/${n}`));
        expect(mergeCheckReports(shards)).toEqual(report(files, true, null));
      }),
    );
  });
});
