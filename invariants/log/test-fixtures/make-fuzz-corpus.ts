/**
 * Writes the seed corpus of the structure-aware fuzz test (./fuzz-corpus/): small real-shaped logs in
 * both formats plus one seed per hostile input class of issue 16. Deterministic; rerun with
 * `npx tsx invariants/log/test-fixtures/make-fuzz-corpus.ts` and commit the result. Shrunk
 * counterexamples found by the fuzz test are added beside them as `found-*.jsonl[.zstd]` by hand.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EVENT_LINE, HEADER_LINE, rawFrame, zeroBomb } from './zstd-frames.js';

const here = (name: string) => fileURLToPath(new URL(name, import.meta.url));
const session = readFileSync(here('./synthetic-session.jsonl'));
const lines = session.toString('utf8').split(/(?<=\n)/);

/** One raw frame per batch of 1..4 lines, header alone first, as a live writer appends. */
function framed(ls: string[]): Buffer {
  const out: Buffer[] = [rawFrame(ls[0])];
  for (let i = 1, n = 1; i < ls.length; i += n, n = (n % 4) + 1) out.push(rawFrame(ls.slice(i, i + n).join('')));
  return Buffer.concat(out);
}

const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const seeds: Record<string, Buffer> = {
  'seed-session.jsonl': session,
  'seed-session.jsonl.zstd': framed(lines),
  'seed-real-run.jsonl.zstd': readFileSync(here('./real-session-run1.jsonl.zstd')),
  'seed-hostile-json.jsonl': Buffer.concat([
    Buffer.from(HEADER_LINE),
    Buffer.from('{"type":"turn/end","type":"turn/start","seq":0,"time":2,"data":{"turn":1}}\n'),
    Buffer.from(`{"type":${deep(10_000)},"seq":1,"time":-9e15,"data":{}}\n`),
    Buffer.from('\ufeff{"type":"session/title","seq":2,"time":3,"data":"bom"}\n'),
    Buffer.from('{"type":"session/title","seq":3,"time":4,"data":"'),
    Buffer.from([0xc3, 0x28, 0xed, 0xa0, 0x80]),
    Buffer.from('"}\n{"type":"session/title","seq":4,"time":1e999,"data":-0}\n'),
  ]),
  'seed-huge-declared.jsonl.zstd': Buffer.concat([rawFrame(HEADER_LINE), rawFrame(EVENT_LINE(0)), rawFrame('x', { contentSize: 2 ** 31, checksum: false })]),
  'seed-zero-bomb.jsonl.zstd': Buffer.concat([rawFrame(HEADER_LINE), rawFrame(EVENT_LINE(0)), zeroBomb(300)]),
  'seed-false-size.jsonl.zstd': Buffer.concat([rawFrame(HEADER_LINE), rawFrame(EVENT_LINE(0), { contentSize: EVENT_LINE(0).length + 1 })]),
};
for (const [name, bytes] of Object.entries(seeds)) writeFileSync(here(`./fuzz-corpus/${name}`), bytes);
process.stdout.write(`wrote ${Object.keys(seeds).length} seeds\n`);
