import fc from 'fast-check';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import type { Finding } from '../findings.js';
import { ruleIndex } from '../engine.js';
import { allRuleModules } from '../rules/index.js';
import { streamJson } from './json-stream.js';
import { REPORTERS, render, renderChunks, writeReport } from './index.js';
import { CheckReport } from './report.js';

const rules = ruleIndex(allRuleModules);
const ctx = { color: false, rules };
const ESC = '\u001b';
const evilDir = `/logs/${ESC}]0;pwned${ESC}\\${ESC}[2K\r✓ 1 file, 0 errors\u202e`;

function finding(over: Partial<Finding> = {}): Finding {
  return { rule: 'LOG-SEQ-1', severity: 'error', file: `${evilDir}/session.jsonl`, line: 3, byteOffset: 10, seq: 2, witness: [2], messageId: 'm', data: {}, message: `found ${ESC}[31mred${ESC}[0m and \ufeff`, specRef: 'spec/log.md#log-seq-1', ...over };
}

function report(findings: Finding[], suppressed: Record<string, number> = { 'LOG-ENV-2': 999_900 }): CheckReport {
  const file = `${evilDir}/session.jsonl`;
  return CheckReport.parse({
    tool: { name: 'dsh-ctx-conform', version: '0' },
    spec: '2026-08',
    files: [{ file, events: 5, status: 'violations', suppressed }],
    findings,
    summary: { files: 1, events: 5, bytes: 100, errors: findings.length + 999_900, warnings: 0, infos: 0, unreadable: 0, violations: 1, findingsOmitted: 0, findingsSuppressed: 999_900, shard: null },
  });
}

describe('check reporters', () => {
  it('streamJson is byte-for-byte JSON.stringify(value, null, 2) at every depth', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.integer({ min: 0, max: 6 }), (value, depth) => {
        expect([...streamJson(value, depth)].join('')).toBe(JSON.stringify(value, null, 2));
      }),
    );
    const r = report([finding(), finding({ rule: 'LOG-ENV-2', seq: null, line: null, witness: [] })]);
    expect(render('json', r, ctx)).toBe(`${JSON.stringify(r, null, 2)}\n`);
  });

  it('every reporter says how many findings the per-rule cap left out, and of which rule', () => {
    const r = report([finding()]);
    for (const name of REPORTERS) {
      const text = render(name, r, ctx);
      expect(text, name).toContain('999900');
      expect(text, name).toContain('LOG-ENV-2');
    }
  });

  it('human and github output cannot be steered by control or bidi characters; JSON keeps the raw text', () => {
    const r = report([finding()]);
    for (const name of ['human', 'github'] as const) {
      const text = render(name, r, ctx);
      expect(text, name).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e\ufeff]/);
      expect(text, name).toContain('\\x1b]0;pwned');
      expect(text.split('\n').filter((l) => l.startsWith('✓')), name).toEqual([]);
    }
    expect(render('human', r, ctx)).toContain('\\ufeff');
    expect(JSON.parse(render('json', r, ctx)).findings[0].message).toBe(finding().message);
    expect(render('junit', r, ctx)).not.toContain(ESC);
  });

  it('a report with a million findings streams in bounded pieces and is written with backpressure', async () => {
    const many = Array.from({ length: 1_000_000 }, (_, i) => finding({ seq: i, witness: [i], line: i + 2, file: 'a/session.jsonl', message: 'm' }));
    const r = { ...report([]), findings: many };
    let largest = 0;
    let pieces = 0;
    for (const piece of renderChunks('json', r, ctx)) {
      largest = Math.max(largest, piece.length);
      pieces++;
    }
    expect(pieces).toBeGreaterThan(1_000_000);
    expect(largest).toBeLessThan(1000);
    // A slow consumer: writeReport must wait for drain rather than buffer the whole report.
    const out = new PassThrough({ highWaterMark: 1024 });
    let maxBuffered = 0;
    let bytes = 0;
    out.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      maxBuffered = Math.max(maxBuffered, out.writableLength);
    });
    await writeReport(out, renderChunks('sarif', { ...r, findings: many.slice(0, 50_000) }, ctx));
    expect(maxBuffered).toBeLessThan(200_000);
    expect(bytes).toBeGreaterThan(10_000_000);
  }, 120_000);

  it('junit fails a file by its status even when --max-findings left its findings out', () => {
    const r = report([], {});
    const text = render('junit', r, ctx);
    expect(text).toContain('failures="1"');
    expect(text).toContain('<failure message="invariant violations (findings left out by --max-findings)"');
  });
});
