import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkLog, checkText } from './check.js';
import { checkPaths } from './check-paths.js';
import { DEFAULT_MAX_LINE_BYTES } from './log/line-splitter.js';
import { createFzstdDecoder, zstdDecoderName } from './log/zstd/decoders.js';
import { renderHuman } from './reporters/human.js';

/**
 * The reading limits and the decoder as `check` options: the line limit's default, per-frame zstd
 * limits passed through `checkLog`, and the decoder that ran named per file and in the report.
 */
const fixtures = fileURLToPath(new URL('./log/test-fixtures/', import.meta.url));
const zstdLog = `${fixtures}real-session-run1.jsonl.zstd`;
const plainLog = `${fixtures}synthetic-session.jsonl`;
const tool = { name: 'dsh-ctx-conform', version: 'test' };

describe('line limit', () => {
  it('defaults to 32 MiB: a longer line is LOG-READ-5 and skipped unparsed, the next line is read', async () => {
    expect(DEFAULT_MAX_LINE_BYTES).toBe(32 * 1024 * 1024);
    const lines = readFileSync(plainLog, 'utf8').trimEnd().split('\n');
    const huge = `{"type":"session/title","data":"${'x'.repeat(DEFAULT_MAX_LINE_BYTES)}"}`;
    const r = await checkText('long.jsonl', [lines[0], huge, ...lines.slice(1)].join('\n') + '\n');
    const read5 = r.findings.filter((f) => f.rule === 'LOG-READ-5');
    expect(read5).toEqual([expect.objectContaining({ line: 2, message: expect.stringContaining(`${DEFAULT_MAX_LINE_BYTES}-byte limit`) })]);
    expect(r.events).toBe((await checkLog(plainLog)).events);
  });

  it('a line of exactly the limit is parsed', async () => {
    const lines = readFileSync(plainLog, 'utf8').trimEnd().split('\n');
    const limit = 4096;
    const prefix = '{"type":"session/title","data":"';
    const atLimit = `${prefix}${'y'.repeat(limit - prefix.length - 2)}"}`;
    expect(Buffer.byteLength(atLimit)).toBe(limit);
    const ok = await checkText('at.jsonl', [...lines, atLimit].join('\n') + '\n', { maxLineBytes: limit });
    expect(ok.findings.map((f) => f.rule)).not.toContain('LOG-READ-5');
    const over = await checkText('over.jsonl', [...lines, `${atLimit} `].join('\n') + '\n', { maxLineBytes: limit });
    expect(over.findings.map((f) => f.rule)).toContain('LOG-READ-5');
  });
});

describe('zstd options through checkLog', () => {
  it('frameLimits reach the decoder: a frame over a tiny limit is LOG-ZSTD-4 and the file unreadable', async () => {
    const r = await checkLog(zstdLog, { frameLimits: { maxFrameBytes: 64 } });
    expect(r.findings.map((f) => f.rule)).toContain('LOG-ZSTD-4');
    expect(r.status).toBe('unreadable');
    expect((await checkLog(zstdLog)).status).toBe('ok');
  });

  it('names the decoder that read a .zstd file, and none for plain jsonl', async () => {
    expect((await checkLog(zstdLog)).zstdDecoder).toBe(zstdDecoderName());
    const fallback = createFzstdDecoder('test');
    expect((await checkLog(zstdLog, { zstdDecoder: fallback })).zstdDecoder).toBe(fallback.name);
    expect((await checkLog(plainLog)).zstdDecoder).toBeUndefined();
  });

  it('the report lists the decoders that ran (files and summary), human output says it', async () => {
    const both = await checkPaths([zstdLog, plainLog], { tool });
    expect(both.files.map((f) => f.zstdDecoder)).toEqual([zstdDecoderName(), undefined]);
    expect(both.summary.zstdDecoders).toEqual([zstdDecoderName()]);
    const plain = await checkPaths([plainLog], { tool });
    expect(plain.summary.zstdDecoders).toBeUndefined();
    const human = [...renderHuman(both, { color: false })].join('');
    expect(human).toContain(`zstd decoded by ${zstdDecoderName()}\n✓ 2 files`);
    expect([...renderHuman(plain, { color: false })].join('')).not.toContain('zstd decoded by');
  });
});
