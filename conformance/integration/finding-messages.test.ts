import fc from 'fast-check';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkLog, checkText } from '../../invariants/check.js';
import type { KnownConfigs } from '../../invariants/engine.js';
import type { Finding } from '../../invariants/findings.js';
import { renderMessage } from '../../invariants/messages.js';
import { SPEC_REVISIONS, type SpecRevision } from '../../spec/revisions.js';

/**
 * Findings as data (invariants/messages.ts): for every finding the committed log fixtures and the
 * reader's sample logs produce, the message is its rule's template applied to its data, and the data
 * is JSON that survives a round trip unchanged (what a JSON or SARIF consumer, or a worker thread,
 * receives renders the same words).
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

function files(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path, keep) : keep(name) ? [path] : [];
  });
}

function expectRenderable(findings: readonly Finding[], where: string): void {
  for (const f of findings) {
    expect(f.message, `${where}: ${f.rule}/${f.messageId}`).toBe(renderMessage(f.rule, f.messageId, f.data as never));
    expect(JSON.parse(JSON.stringify(f.data)), `${where}: ${f.rule}/${f.messageId} data`).toStrictEqual(f.data);
    expect(structuredClone(f), `${where}: ${f.rule}`).toStrictEqual(f);
  }
}

describe('finding messages are their templates applied to their data', () => {
  it('for every committed log fixture, under each revision it applies to', async () => {
    const fixtures = files(join(root, 'conformance', 'fixtures'), (name) => name === 'fixture.json');
    const seen = new Set<string>();
    let checked = 0;
    for (const path of fixtures) {
      const fixture = JSON.parse(readFileSync(path, 'utf8')) as { kind: string; revisions: SpecRevision[]; config?: KnownConfigs; files?: { log?: string } };
      if (fixture.kind !== 'log' || fixture.files?.log === undefined) continue;
      for (const revision of fixture.revisions) {
        const result = await checkLog(join(dirname(path), fixture.files.log), { revision, configs: fixture.config ?? {} });
        expectRenderable(result.findings, path);
        for (const f of result.findings) seen.add(`${f.rule}/${f.messageId}`);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
    expect(seen.size).toBeGreaterThan(60);
  });

  it("for the reader's sample logs and fuzz seeds, under every revision", async () => {
    const samples = files(join(root, 'invariants', 'log', 'test-fixtures'), (name) => /\.jsonl(\.zstd)?$/.test(name));
    expect(samples.length).toBeGreaterThan(10);
    for (const path of samples) {
      for (const spec of SPEC_REVISIONS) expectRenderable((await checkLog(path, { revision: spec })).findings, path);
    }
  });

  it('for hostile lines after a valid header (numbers, keys and shapes a template must carry as JSON)', async () => {
    const header = '{"type":"session","version":0,"id":"s","createdAt":1,"delegationDepth":0}';
    const line = fc.oneof(
      fc.jsonValue().map((v) => JSON.stringify(v)),
      fc.record({ type: fc.constantFrom('turn/start', 'step/start', 'user/message', 'tool/result', 'compaction/start', 'text-chunks'), seq: fc.oneof(fc.nat(5), fc.double()), time: fc.integer(), data: fc.jsonValue(), surfaceOp: fc.jsonValue() }).map((v) => JSON.stringify(v)),
      fc.constantFrom('', '{"seq":-0,"time":1e999}', '\ufeff{}', '{"__proto__":{},"a":1,"a":2}', '[1,2]'),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 12 }), fc.constantFrom(...SPEC_REVISIONS), async (lines, spec) => {
        const result = await checkText('h.jsonl', `${[header, ...lines].join('\n')}\n`, { revision: spec });
        expectRenderable(result.findings, lines.join(' | '));
      }),
      { numRuns: 150 },
    );
  });
});
