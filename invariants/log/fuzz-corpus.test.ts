import fc from 'fast-check';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkText, type FileResult } from '../check.js';
import { FrameWalker, type FrameBoundary } from './zstd/frame-walker.js';

/**
 * Structure-aware fuzzing over the committed corpus (./test-fixtures/fuzz-corpus/): every seed as is,
 * then mutations that know the formats — bit flips, truncation, zstd frame-header forgery (descriptor,
 * declared size, window, block headers), frame splicing, and line-level edits (deep nesting, huge
 * values, duplicate keys, invalid UTF-8, BOMs). Whatever the bytes: `check` returns, every finding has a
 * line, and memory stays bounded. Iterations are fixed and seeded (well under 20 s). A failing case is
 * shrunk by fast-check; commit it to the corpus as `found-<what>.jsonl[.zstd]`.
 */
const corpusDir = fileURLToPath(new URL('./test-fixtures/fuzz-corpus/', import.meta.url));
const corpus = readdirSync(corpusDir)
  .sort()
  .map((name) => ({ name, bytes: readFileSync(`${corpusDir}${name}`) }));
const zstdSeeds = corpus.filter((c) => c.name.endsWith('.zstd'));
const plainSeeds = corpus.filter((c) => !c.name.endsWith('.zstd'));

const RSS_CEILING = 1024 * 1024 * 1024;

function sound(r: FileResult): void {
  for (const f of r.findings) {
    expect(f.file).toBeTruthy();
    expect(f.line, `${f.rule}: ${f.message}`).not.toBeNull();
    expect(f.message.length).toBeGreaterThan(0);
  }
  expect(process.memoryUsage().rss).toBeLessThan(RSS_CEILING);
}

function framesOf(bytes: Uint8Array): FrameBoundary[] {
  const frames: FrameBoundary[] = [];
  try {
    new FrameWalker({ maxFrameBytes: 2 ** 40, maxWindowBytes: 2 ** 40 }).feed(bytes, (f) => frames.push(f));
  } catch {
    // a seed that is hostile on purpose: mutate what could be framed
  }
  return frames;
}

type Mutation = (bytes: Buffer, r: () => number) => Buffer;
const pick = <T>(xs: readonly T[], r: () => number): T => xs[Math.floor(r() * xs.length)];

const zstdMutations: Record<string, Mutation> = {
  bitFlip: (b, r) => {
    const out = Buffer.from(b);
    for (let k = 0; k < 1 + Math.floor(r() * 3); k++) out[Math.floor(r() * out.length)] ^= 1 << Math.floor(r() * 8);
    return out;
  },
  truncate: (b, r) => b.subarray(0, Math.floor(r() * b.length)),
  descriptor: (b, r) => {
    const f = pick(framesOf(b), r);
    const out = Buffer.from(b);
    if (f) out[f.start + 4] = Math.floor(r() * 256);
    return out;
  },
  hugeDeclaredSize: (b, r) => {
    // Rewrite a frame header to declare a huge 8-byte content size, keeping its blocks.
    const f = pick(framesOf(b), r);
    if (!f) return b;
    const d = b[f.start + 4];
    const single = (d & 0x20) !== 0;
    const fcsBytes = [single ? 1 : 0, 2, 4, 8][d >> 6];
    const dictBytes = [0, 1, 2, 4][d & 3];
    const fieldsEnd = f.start + 5 + (single ? 0 : 1) + dictBytes + fcsBytes;
    const size = Buffer.alloc(8);
    size.writeBigUInt64LE(BigInt(pick([2 ** 31, 2 ** 33, 2 ** 53, 33 * 2 ** 20], r)));
    const head = Buffer.from(b.subarray(f.start, f.start + 5 + (single ? 0 : 1) + dictBytes));
    head[4] = (d & 0x3f) | 0xc0;
    return Buffer.concat([b.subarray(0, f.start), head, size, b.subarray(fieldsEnd)]);
  },
  window: (b, r) => {
    const f = pick(framesOf(b), r);
    const out = Buffer.from(b);
    if (f && (b[f.start + 4] & 0x20) === 0) out[f.start + 5] = Math.floor(r() * 256);
    return out;
  },
  blockHeader: (b, r) => {
    const f = pick(framesOf(b), r);
    const out = Buffer.from(b);
    if (!f) return out;
    const d = b[f.start + 4];
    const at = f.start + 5 + ((d & 0x20) !== 0 ? 0 : 1) + [0, 1, 2, 4][d & 3] + [(d & 0x20) !== 0 ? 1 : 0, 2, 4, 8][d >> 6];
    if (at + 2 < out.length) out[at + Math.floor(r() * 3)] = Math.floor(r() * 256);
    return out;
  },
  splice: (b, r) => {
    const frames = framesOf(b);
    if (frames.length < 2) return b;
    const parts = frames.map((f) => b.subarray(f.start, f.end));
    const i = Math.floor(r() * parts.length);
    const choice = r();
    if (choice < 0.33) parts.splice(i, 1);
    else if (choice < 0.66) parts.splice(i, 0, parts[i]);
    else [parts[0], parts[i]] = [parts[i], parts[0]];
    return Buffer.concat(parts);
  },
};

const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const lineEdits: ((line: string, r: () => number) => string | Buffer)[] = [
  (l) => l.replace(/"type":"[^"]*"/, `"type":${deep(10_000)}`),
  (l) => l.replace(/"time":\d+/, '"time":-9e15'),
  (l) => l.replace(/"type":("[^"]*")/, '"type":"turn/end","type":$1'),
  (l) => `\ufeff${l}`,
  (l) => l.replace(/"data":/, `"data":{"big":"${'w'.repeat(100_000)}"},"x":`),
  (l, r) => {
    const b = Buffer.from(l);
    if (b.length > 2) b[1 + Math.floor(r() * (b.length - 2))] = pick([0xc3, 0xff, 0xed, 0x80], r);
    return b;
  },
  (l) => l.replace(/"seq":\d+/, '"seq":1e999'),
  () => '',
  (l) => `${l}\n${l}`,
];
const plainMutation: Mutation = (b, r) => {
  const ls = b.toString('latin1').split('\n');
  const i = Math.floor(r() * ls.length);
  const edited = pick(lineEdits, r)(Buffer.from(ls[i], 'latin1').toString('utf8'), r);
  const out: Buffer[] = ls.map((x) => Buffer.from(x, 'latin1'));
  out[i] = typeof edited === 'string' ? Buffer.from(edited) : edited;
  return Buffer.concat(out.flatMap((x, k) => (k < out.length - 1 ? [x, Buffer.from('\n')] : [x])));
};

const rngFrom = (seed: number) => {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

describe('fuzz corpus', () => {
  it.each(corpus.map((c) => [c.name, c.bytes] as const))('%s checks without a crash, every finding located', async (name, bytes) => {
    sound(await checkText(name, bytes));
  });

  it('zstd seeds under structure-aware mutations', async () => {
    const names = Object.keys(zstdMutations);
    await fc.assert(
      fc.asyncProperty(fc.nat(zstdSeeds.length - 1), fc.array(fc.constantFrom(...names), { minLength: 1, maxLength: 3 }), fc.integer(), async (s, ops, seed) => {
        const r = rngFrom(seed);
        let bytes: Buffer = zstdSeeds[s].bytes;
        for (const op of ops) bytes = zstdMutations[op](bytes, r);
        sound(await checkText('f.jsonl.zstd', bytes));
      }),
      { numRuns: 300, seed: 16_09 },
    );
  });

  it('plain seeds under line-level mutations, also re-framed as zstd', async () => {
    const { rawFrame } = await import('./test-fixtures/zstd-frames.js');
    await fc.assert(
      fc.asyncProperty(fc.nat(plainSeeds.length - 1), fc.integer({ min: 1, max: 3 }), fc.integer(), async (s, n, seed) => {
        const r = rngFrom(seed);
        let bytes: Buffer = plainSeeds[s].bytes;
        for (let k = 0; k < n; k++) bytes = plainMutation(bytes, r);
        sound(await checkText('f.jsonl', bytes));
        sound(await checkText('f.jsonl.zstd', rawFrame(bytes)));
      }),
      { numRuns: 30, seed: 16_10 },
    );
  });
});
