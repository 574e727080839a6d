import { KNOWN_SESSION_EVENT_TYPES as UPSTREAM_TYPES, decodeStorageRecord } from '@deepseek-ai/dsh-session';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expandPaths } from './expand-path.js';
import { KNOWN_SESSION_EVENT_TYPES } from './known-event-types.js';
import { readLog, type LogItem } from './read-log.js';
import { FrameWalker, type FrameBoundary } from './zstd/frame-walker.js';
import { renderMessage } from '../messages.js';

/** The reader reports data; its findings' words are the templates'. */
const rendered = <T extends { rule: string; messageId: string; data: Record<string, unknown> }>(i: T) => ({ ...i, message: renderMessage(i.rule, i.messageId, i.data as never) });

const fixture = (name: string) => fileURLToPath(new URL(`./test-fixtures/${name}`, import.meta.url));

async function collect(path: string, chunks?: Uint8Array[]): Promise<{ items: LogItem[]; unreadable: boolean }> {
  const items: LogItem[] = [];
  async function* gen() {
    for (const c of chunks ?? []) yield c;
  }
  const r = await readLog(path, (i) => items.push(i), chunks ? { chunks: gen() } : {});
  return { items, unreadable: r.unreadable };
}
const events = (items: LogItem[]) => items.flatMap((i) => (i.kind === 'event' ? [i.event] : []));
const findings = (items: LogItem[]) => items.flatMap((i) => (i.kind === 'finding' ? [rendered(i)] : []));

describe('vocabulary', () => {
  it('the 48 known event types equal the published KNOWN_SESSION_EVENT_TYPES', () => {
    expect([...KNOWN_SESSION_EVENT_TYPES].sort()).toEqual([...UPSTREAM_TYPES].sort());
    expect(KNOWN_SESSION_EVENT_TYPES.size).toBe(48);
  });
});

describe('zstd frame walker', () => {
  const walk = (bytes: Uint8Array, step: number): FrameBoundary[] => {
    const w = new FrameWalker();
    const frames: FrameBoundary[] = [];
    for (let i = 0; i < bytes.length; i += step) w.feed(bytes.subarray(i, i + step), (f) => frames.push(f));
    expect(w.inFrame).toBe(false);
    return frames;
  };
  it('finds the 5 frames of the real log, whatever the chunking', () => {
    const bytes = readFileSync(fixture('real-session-run1.jsonl.zstd'));
    const whole = walk(bytes, bytes.length);
    expect(whole.map((f) => f.kind)).toEqual(['zstd', 'zstd', 'zstd', 'zstd', 'zstd']);
    expect(whole.every((f) => f.hasChecksum)).toBe(true);
    expect(whole[whole.length - 1].end).toBe(bytes.length);
    expect(walk(bytes, 1)).toEqual(whole);
    expect(walk(bytes, 7)).toEqual(whole);
  });
  it('skips a skippable frame', () => {
    const frames = walk(readFileSync(fixture('multi-frame.jsonl.zstd')), 13);
    expect(frames.map((f) => f.kind)).toEqual(['zstd', 'zstd', 'skippable', 'zstd', 'zstd']);
  });
});

describe('readLog', () => {
  it('decodes the multi-frame zstd log to the same events as the plain file', async () => {
    const plain = await collect(fixture('synthetic-session.jsonl'));
    const zstd = await collect(fixture('multi-frame.jsonl.zstd'));
    expect(events(zstd.items)).toEqual(events(plain.items));
    expect(findings(zstd.items)).toEqual([]);
  });

  it('expands packed rows exactly as upstream (oracle) and keeps file/line/byte locations', async () => {
    const text = readFileSync(fixture('synthetic-session.jsonl'), 'utf8');
    const upstream = text.trimEnd().split('\n').slice(1).flatMap((l) => decodeStorageRecord(JSON.parse(l)));
    const { items } = await collect(fixture('synthetic-session.jsonl'));
    // Compared as JSON: expanded events also carry the reader's (symbol-keyed) "from a row" marker.
    expect(JSON.parse(JSON.stringify(events(items)))).toEqual(upstream);
    const row = items.filter((i) => i.kind === 'event' && i.loc.line === 11);
    expect(row).toHaveLength(3);
    const lineStart = text.split('\n').slice(0, 10).join('\n').length + 1;
    for (const r of row) expect(r.kind === 'event' && r.loc).toEqual({ file: fixture('synthetic-session.jsonl'), line: 11, byteOffset: lineStart });
  });

  it('gives the same items whatever the chunk boundaries', async () => {
    const bytes = readFileSync(fixture('synthetic-session.jsonl'));
    const whole = await collect('x.jsonl', [bytes]);
    for (const size of [1, 3, 64, 1000]) {
      const parts: Uint8Array[] = [];
      for (let i = 0; i < bytes.length; i += size) parts.push(bytes.subarray(i, i + size));
      expect((await collect('x.jsonl', parts)).items).toEqual(whole.items);
    }
  });

  it('a torn final zstd frame keeps its complete lines and is information only', async () => {
    const { items, unreadable } = await collect(fixture('torn-frame.jsonl.zstd'));
    expect(unreadable).toBe(false);
    expect(findings(items).map((f) => f.rule)).toEqual(['LOG-ZSTD-3']);
    expect(events(items).length).toBeGreaterThan(20);
  });

  it('a checksum mismatch is corruption; events before it are kept', async () => {
    const { items, unreadable } = await collect(fixture('bad-checksum.jsonl.zstd'));
    expect(unreadable).toBe(true);
    const f = findings(items);
    expect(f.map((x) => x.rule)).toEqual(['LOG-ZSTD-2']);
    expect(f[0].loc).toEqual(expect.objectContaining({ line: 13 }));
    expect(events(items)).toHaveLength(13); // lines 2-12, one of them a 3-event packed row
  });

  it('bytes that are not a zstd frame are corruption', async () => {
    const { items, unreadable } = await collect(fixture('garbage-frame.jsonl.zstd'));
    expect(unreadable).toBe(true);
    expect(findings(items).map((f) => f.rule)).toEqual(['LOG-ZSTD-1']);
  });

  it('normalises legacy v0 shapes and says so once per kind', async () => {
    const header = '{"type":"session","version":0,"id":"s1","createdAt":1,"delegationDepth":0}';
    const lines = [
      header,
      '{"type":"turn/start","seq":0,"time":2,"data":{"turn":1,"trigger":"user"}}',
      '{"type":"steering/message","seq":1,"time":3,"data":{"content":[{"type":"text","text":"hi"}],"source":{"kind":"user"}},"surfaceOp":"append"}',
      '{"type":"turn/end","seq":2,"time":4,"data":{"turn":1,"reason":{"kind":"disposed"}}}',
    ];
    const { items } = await collect('legacy.jsonl', [Buffer.from(`${lines.join('\n')}\n`)]);
    expect(events(items)).toEqual([
      { type: 'turn/start', seq: 0, time: 2, data: { turn: 1 } },
      { type: 'user/message', seq: 1, time: 3, data: { content: [{ type: 'text', text: 'hi' }], source: { kind: 'user' }, role: 'user', id: 'legacy-message:s1:1' }, surfaceOp: 'append' },
      { type: 'turn/end', seq: 2, time: 4, data: { turn: 1, reason: { kind: 'aborted', reason: { kind: 'disposed' } } } },
    ]);
    expect(findings(items).map((f) => [f.rule, f.severity ?? 'default'])).toEqual([
      ['LOG-LEGACY-2', 'default'],
      ['LOG-LEGACY-2', 'default'],
      ['LOG-LEGACY-2', 'default'],
      ['LOG-LEGACY-2', 'default'],
    ]);
  });

  it('refuses other format versions, naming the direction', async () => {
    const newer = await collect('v.jsonl', [Buffer.from('{"type":"session","version":3,"id":"s","createdAt":1,"delegationDepth":0}\n{"type":"turn/start"}\n')]);
    expect(newer.unreadable).toBe(true);
    expect(findings(newer.items)).toEqual([expect.objectContaining({ rule: 'LOG-HDR-2', message: expect.stringContaining('newer harness') })]);
    expect(events(newer.items)).toEqual([]);
    const older = await collect('v.jsonl', [Buffer.from('{"type":"session","version":-1,"id":"s","createdAt":1,"delegationDepth":0}\n')]);
    expect(findings(older.items)).toEqual([expect.objectContaining({ rule: 'LOG-HDR-2', message: expect.stringContaining('no upgrade path') })]);
  });

  it('an empty file has no header', async () => {
    const r = await collect('empty.jsonl', [new Uint8Array(0)]);
    expect(r.unreadable).toBe(true);
    expect(findings(r.items).map((f) => f.rule)).toEqual(['LOG-HDR-1']);
  });
});

describe('expandPaths', () => {
  it('finds session logs recursively, sorted, and reports missing paths and empty directories', async () => {
    const root = mkdtempSync(join(tmpdir(), 'dsh-expand-'));
    for (const [dir, name] of [['--b--/s2', 'session.jsonl.zstd'], ['--a--/s1', 'session.jsonl'], ['--a--/s0', 'session.jsonl']] as const) {
      mkdirSync(join(root, dir), { recursive: true });
      writeFileSync(join(root, dir, name), '');
    }
    writeFileSync(join(root, '--a--', 'notes.txt'), '');
    mkdirSync(join(root, 'empty'));
    const r = await expandPaths([join(root, 'sessions-missing'), root, join(root, 'empty')]);
    expect(r.files).toEqual([join(root, '--a--/s0/session.jsonl'), join(root, '--a--/s1/session.jsonl'), join(root, '--b--/s2/session.jsonl.zstd')]);
    expect(r.problems.map((p) => p.rule)).toEqual(['LOG-READ-1', 'LOG-READ-2']);
  });
});

describe('zstd CLI round trip (when the zstd binary is available)', () => {
  let hasZstd = true;
  try {
    execFileSync('zstd', ['--version']);
  } catch {
    hasZstd = false;
  }
  it.runIf(hasZstd)('a log compressed by the zstd CLI in several frames reads back identically', async () => {
    const text = readFileSync(fixture('synthetic-minimal.jsonl'));
    const lines = text.toString().split(/(?<=\n)/);
    const frames = lines.map((l) => execFileSync('zstd', ['-q', '-c', '--check'], { input: l }));
    const { items } = await collect('x.jsonl.zstd', [Buffer.concat(frames)]);
    const plain = await collect('x.jsonl', [text]);
    expect(events(items)).toEqual(events(plain.items));
    expect(findings(items)).toEqual([]);
  });
});
