import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readLog, type LogItem } from '../read-log.js';
import { EVENT_LINE, HEADER_LINE, rawFrame, zeroBomb } from '../test-fixtures/zstd-frames.js';
import { createFzstdDecoder, createNativeDecoder, zstdDecoderName, type ZstdDecoder } from './decoders.js';
import { renderMessage } from '../../messages.js';

/** The reader reports data; its findings' words are the templates'. */
const rendered = <T extends { rule: string; messageId: string; data: Record<string, unknown> }>(i: T) => ({ ...i, message: renderMessage(i.rule, i.messageId, i.data as never) });

/**
 * Bounded, faithful zstd decoding: frames over the limits are refused before anything is decoded, a
 * false declared content size is corruption, and the native batch decoder and the fzstd fallback give
 * the same items for every input.
 */
const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`../test-fixtures/${name}`, import.meta.url)));

/** Wraps a decoder to record what it was asked to produce. */
function spy(inner: ZstdDecoder): ZstdDecoder & { calls: number; maxOutput: number; frames: number } {
  const s = {
    name: inner.name,
    calls: 0,
    maxOutput: 0,
    frames: 0,
    async decodeFrames(bytes: Uint8Array, frames: Parameters<ZstdDecoder['decodeFrames']>[1]) {
      s.calls++;
      s.frames += frames.length;
      const out = await inner.decodeFrames(bytes, frames);
      s.maxOutput = Math.max(s.maxOutput, out.reduce((n, b) => n + b.length, 0));
      return out;
    },
  };
  return s;
}

async function read(bytes: Uint8Array, decoder: ZstdDecoder, chunkSize = bytes.length || 1) {
  const items: LogItem[] = [];
  async function* chunks() {
    for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize);
  }
  const r = await readLog('t.jsonl.zstd', (i) => items.push(i), { chunks: chunks(), zstdDecoder: decoder });
  const findings = items.flatMap((i) => (i.kind === 'finding' ? [rendered(i)] : []));
  const events = items.flatMap((i) => (i.kind === 'event' ? [i.event.seq] : []));
  return { ...r, items, findings, events };
}

const decoders: [string, () => ZstdDecoder][] = [
  ['native', createNativeDecoder],
  ['fzstd', () => createFzstdDecoder()],
];
const validLog = () => Buffer.concat([rawFrame(HEADER_LINE), rawFrame(EVENT_LINE(0) + EVENT_LINE(1)), rawFrame(EVENT_LINE(2))]);

describe('the decoder that runs', () => {
  it('is native libzstd on this platform, and says so', () => {
    expect(zstdDecoderName()).toMatch(/^libzstd \(native, @toondepauw\/node-zstd@2\.0\.0/);
  });

  it('falls back to fzstd when told to (as when the binding cannot load), and says so', () => {
    const script = "import('./invariants/log/zstd/decoders.ts').then((m) => process.stdout.write(m.zstdDecoderName()))";
    const r = spawnSync(process.execPath, ['--import', 'tsx', '-e', script], { encoding: 'utf8', env: { ...process.env, DSH_CTX_CONFORM_ZSTD: 'fzstd' } });
    expect(r.stdout).toBe('fzstd (pure JS fallback: DSH_CTX_CONFORM_ZSTD=fzstd)');
  });

  it('decodes all complete frames of a read in one call', async () => {
    const d = spy(createNativeDecoder());
    const r = await read(validLog(), d);
    expect(r.events).toEqual([0, 1, 2]);
    expect(d.calls).toBe(1);
    expect(d.frames).toBe(3);
  });
});

describe.each(decoders)('bounded decoding (%s)', (_name, make) => {
  it('a 23-byte frame declaring 2 GB is refused from its header, nothing decoded', async () => {
    const d = spy(make());
    const forged = rawFrame('x', { contentSize: 2 ** 31, checksum: false });
    expect(forged.length).toBeLessThan(24);
    const r = await read(Buffer.concat([validLog(), forged, forged, forged]), d);
    expect(r.events).toEqual([0, 1, 2]);
    expect(r.findings.map((f) => f.rule)).toEqual(['LOG-ZSTD-4']);
    expect(r.findings[0].message).toContain('declares a content size of 2147483648 bytes');
    expect(r.findings[0].loc?.line).toBe(5);
    expect(r.unreadable).toBe(true);
    expect(d.maxOutput).toBeLessThan(1024);
  });

  it('a 2 GiB zero frame after a valid log is an error found from block headers, never a 2 GiB allocation', async () => {
    for (const contentSize of [null, 2 ** 31]) {
      const d = spy(make());
      const bomb = zeroBomb(16384, { contentSize }); // 64 KiB on disk, 2 GiB decoded
      const r = await read(Buffer.concat([validLog(), bomb]), d, 8192);
      expect(r.events).toEqual([0, 1, 2]);
      expect(r.findings.map((f) => f.rule)).toEqual(['LOG-ZSTD-4']);
      expect(r.unreadable).toBe(true);
      expect(d.maxOutput).toBeLessThan(1024);
    }
  });

  it('a frame asking for a 1 GiB window is refused', async () => {
    const r = await read(Buffer.concat([validLog(), rawFrame(EVENT_LINE(3), { windowDescriptor: 20 << 3 })]), make());
    expect(r.findings).toEqual([expect.objectContaining({ rule: 'LOG-ZSTD-4', message: expect.stringContaining('window') })]);
  });

  it('a frame just inside the limits decodes (limits are configurable)', async () => {
    const line = `{"type":"session/title","seq":3,"time":5,"data":"${'y'.repeat(300_000)}"}\n`;
    const log = Buffer.concat([validLog(), rawFrame(line)]);
    const items: LogItem[] = [];
    async function* once() {
      yield log;
    }
    await readLog('t.jsonl.zstd', (i) => items.push(i), { chunks: once(), zstdDecoder: make(), frameLimits: { maxFrameBytes: 200_000 } });
    expect(items.filter((i) => i.kind === 'finding').map((i) => i.kind === 'finding' && i.rule)).toEqual(['LOG-ZSTD-4']);
    const r = await read(log, make());
    expect(r.findings).toEqual([]);
    expect(r.events).toEqual([0, 1, 2, 3]);
  });

  it('a declared content size larger than the blocks can produce is corruption (zstd -t agrees)', async () => {
    const r = await read(Buffer.concat([validLog(), rawFrame(EVENT_LINE(3), { contentSize: 10_000 })]), make());
    expect(r.findings).toEqual([expect.objectContaining({ rule: 'LOG-ZSTD-1', message: expect.stringContaining('false content size') })]);
    expect(r.unreadable).toBe(true);
    expect(r.events).toEqual([0, 1, 2]);
  });

  it('a final frame whose declared content size is one byte off is corruption', async () => {
    for (const delta of [1, -1]) {
      const line = EVENT_LINE(3);
      const r = await read(Buffer.concat([validLog(), rawFrame(line, { contentSize: line.length + delta })]), make());
      expect(r.findings.map((f) => f.rule)).toEqual(['LOG-ZSTD-1']);
      expect(r.findings[0].message).toMatch(/content size/);
      expect(r.events).toEqual([0, 1, 2]);
    }
  });

  it('a checksum mismatch is LOG-ZSTD-2, with the frame named', async () => {
    const r = await read(fixture('bad-checksum.jsonl.zstd'), make());
    expect(r.findings.map((f) => f.rule)).toEqual(['LOG-ZSTD-2']);
    expect(r.findings[0].message).toMatch(/^zstd frame \d+ \(compressed bytes \d+\.\.\d+\) content checksum mismatch/);
    expect(r.events).toHaveLength(13);
  });

  it('a torn final frame whose header declares 2 GB is refused too (the torn-tail path)', async () => {
    const forged = rawFrame('x'.repeat(100), { contentSize: 2 ** 31, checksum: false });
    const r = await read(Buffer.concat([validLog(), forged.subarray(0, forged.length - 10)]), make());
    expect(r.findings.map((f) => f.rule)).toEqual(['LOG-ZSTD-4']);
  });

  it('a torn final frame keeps its complete lines', async () => {
    const last = rawFrame(EVENT_LINE(3) + EVENT_LINE(4), { checksum: true });
    const r = await read(Buffer.concat([validLog(), last.subarray(0, last.length - 2)]), make());
    expect(r.findings.map((f) => f.rule)).toEqual(['LOG-ZSTD-3']);
    expect(r.unreadable).toBe(false);
  });
});

describe('native and fzstd agree', () => {
  const inputs = ['multi-frame.jsonl.zstd', 'real-session-run1.jsonl.zstd', 'torn-frame.jsonl.zstd', 'bad-checksum.jsonl.zstd', 'garbage-frame.jsonl.zstd'];
  it.each(inputs)('%s, whatever the chunking', async (name) => {
    const bytes = fixture(name);
    const reference = await read(bytes, createFzstdDecoder());
    for (const size of [bytes.length, 4096, 97]) expect((await read(bytes, createNativeDecoder(), size)).items).toEqual(reference.items);
  });

  it('on bit-flipped frames', async () => {
    const base = fixture('multi-frame.jsonl.zstd');
    await fc.assert(
      fc.asyncProperty(fc.nat(base.length - 1), fc.integer({ min: 1, max: 255 }), fc.integer({ min: 7, max: 5000 }), async (at, x, chunk) => {
        const bytes = Buffer.from(base);
        bytes[at] ^= x;
        const a = await read(bytes, createFzstdDecoder(), chunk);
        const b = await read(bytes, createNativeDecoder(), chunk);
        // Both stop at the same frame with the same verdict, after the same events.
        expect(b.events).toEqual(a.events);
        expect(b.findings.map((f) => [f.rule, f.loc?.line])).toEqual(a.findings.map((f) => [f.rule, f.loc?.line]));
      }),
      { numRuns: 150, seed: 1616 },
    );
  });
});
