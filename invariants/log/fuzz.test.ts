import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkText, type FileResult } from '../check.js';

/**
 * Hostile input: whatever the bytes, `check` never throws, never hangs, and every finding has a
 * location (file and line). If a property ever fails, commit its shrunk counterexample as a file in
 * ./test-fixtures/ and add a plain test for it below (none so far).
 */
const fixture = (name: string) => readFileSync(fileURLToPath(new URL(`./test-fixtures/${name}`, import.meta.url)));
const plain = fixture('synthetic-session.jsonl');
const zstd = fixture('multi-frame.jsonl.zstd');
const HEADER = '{"type":"session","version":0,"id":"s","createdAt":1,"delegationDepth":0}\n';

function located(r: FileResult): void {
  for (const f of r.findings) {
    expect(f.file).toBeTruthy();
    expect(f.line, `${f.rule}: ${f.message}`).not.toBeNull();
    expect(f.message.length).toBeGreaterThan(0);
  }
}

describe('hostile input never crashes the checker', () => {
  it('random bytes, as .jsonl and as .jsonl.zstd', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 2000 }), fc.boolean(), async (bytes, asZstd) => {
        const r = await checkText(asZstd ? 'f.jsonl.zstd' : 'f.jsonl', bytes);
        located(r);
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('a valid log truncated anywhere', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(plain.length), fc.nat(zstd.length), async (cutPlain, cutZstd) => {
        const a = await checkText('t.jsonl', plain.subarray(0, cutPlain));
        located(a);
        expect(a.findings.filter((f) => f.severity === 'error' && f.rule !== 'LOG-HDR-1')).toEqual([]);
        const b = await checkText('t.jsonl.zstd', zstd.subarray(0, cutZstd));
        located(b);
        expect(b.findings.filter((f) => f.severity === 'error' && f.rule !== 'LOG-HDR-1')).toEqual([]);
      }),
      { numRuns: 200, seed: 8 },
    );
  });

  it('corrupted bytes inside zstd frames', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat(zstd.length - 1), fc.integer({ min: 1, max: 255 })), { minLength: 1, maxLength: 4 }), async (flips) => {
        const bytes = Buffer.from(zstd);
        for (const [at, x] of flips) bytes[at] ^= x;
        located(await checkText('c.jsonl.zstd', bytes));
      }),
      { numRuns: 300, seed: 9 },
    );
  });

  it('random JSON lines (including __proto__ keys, odd numbers and wrong types) after a valid header', async () => {
    const keyArb = fc.constantFrom('type', 'seq', 'time', 'data', 'surfaceOp', 'sourceEventSeqs', 'ignorable', '__proto__', 'turn', 'step', 'message', 'x');
    const valueArb = fc.letrec((tie) => ({
      v: fc.oneof({ depthSize: 'small' }, fc.constantFrom(null, true, 0, -1, 1.5, 'user/message', 'tool/result', 'append', 'turn/start', 'compaction/start'), fc.array(tie('v'), { maxLength: 3 }), fc.dictionary(keyArb, tie('v'), { maxKeys: 4 })),
    })).v;
    await fc.assert(
      fc.asyncProperty(fc.array(fc.dictionary(keyArb, valueArb, { maxKeys: 6 }), { maxLength: 12 }), async (records) => {
        const body = records.map((r) => JSON.stringify(r)).join('\n');
        located(await checkText('j.jsonl', `${HEADER}${body}\n`));
      }),
      { numRuns: 300, seed: 10 },
    );
  });

  it('deep nesting and a huge line', async () => {
    const depth = 200_000;
    const deep = `${'['.repeat(depth)}${']'.repeat(depth)}`;
    const deepObject = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    const toolResult = (seq: number, meta: string) =>
      `{"type":"tool/result","seq":${seq},"time":5,"data":{"turn":1,"step":1,"meta":${meta},"message":{"source":{"kind":"tool","callId":"c"},"content":[{"type":"tool-result","toolCallId":"c","content":[]}],"role":"user","id":"r${seq}"}},"sourceEventSeqs":[${seq - 1}],"surfaceOp":${seq === 5 ? '"append"' : '{"op":"replace","start":5,"end":5}'}}`;
    const log = [
      HEADER.trimEnd(),
      `{"type":"session/title","seq":0,"time":2,"data":${deep}}`,
      '{"type":"turn/start","seq":1,"time":3,"data":{"turn":1}}',
      '{"type":"step/start","seq":2,"time":3,"data":{"turn":1,"step":1}}',
      '{"type":"assistant/message","seq":3,"time":4,"data":{"turn":1,"step":1,"message":{"role":"assistant","content":[{"type":"tool-call","id":"c","name":"x","arguments":"{}"}],"source":{"kind":"model","provider":"p","model":"m"},"id":"a"}},"surfaceOp":"append"}',
      '{"type":"tool/call","seq":4,"time":4,"data":{"turn":1,"step":1,"callId":"c","name":"x","arguments":"{}"}}',
      toolResult(5, deepObject),
      toolResult(6, deepObject.replace('1', '2')),
      `{"type":"session/title","seq":7,"time":5,"data":"${'x'.repeat(3_000_000)}"}`,
    ].join('\n');
    const r = await checkText('deep.jsonl', `${log}\n`, { maxLineBytes: 2_000_000 });
    located(r);
    // The rewrite changed meta deep inside, not only the content: found without overflowing the stack.
    expect(r.findings.map((f) => f.rule).sort()).toEqual(['LOG-END-1', 'LOG-READ-5', 'LOG-SURF-6']);
  });
});
