import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expandPaths } from './expand-path.js';
import { readLog, type LogItem } from './read-log.js';
import { renderMessage } from '../messages.js';

/** The reader reports data; its findings' words are the templates'. */
const rendered = <T extends { rule: string; messageId: string; data: Record<string, unknown> }>(i: T) => ({ ...i, message: renderMessage(i.rule, i.messageId, i.data as never) });

/**
 * The reading half of hostile input: files that are not files, JSON that JSON.parse hides things in,
 * and values built to crash whoever formats them. Every problem is a finding with a line.
 */
const HEADER = '{"type":"session","version":0,"id":"s","createdAt":1,"delegationDepth":0}';

async function read(path: string, text?: string | Uint8Array, onItem?: (i: LogItem) => void) {
  const items: LogItem[] = [];
  async function* once() {
    yield typeof text === 'string' ? Buffer.from(text) : text!;
  }
  const r = await readLog(path, (i) => (onItem ?? ((x) => items.push(x)))(i), text === undefined ? {} : { chunks: once() });
  const findings = items.flatMap((i) => (i.kind === 'finding' ? [rendered(i)] : []));
  return { ...r, items, findings, events: items.flatMap((i) => (i.kind === 'event' ? [i.event] : [])) };
}
const log = (...lines: string[]) => `${[HEADER, ...lines].join('\n')}\n`;

describe('files that are not regular files', () => {
  const dir = () => mkdtempSync(join(tmpdir(), 'dsh-hostile-'));

  it('a FIFO is an error finding, not a hang', async () => {
    const d = dir();
    execFileSync('mkfifo', [join(d, 'session.jsonl')]);
    const r = await read(join(d, 'session.jsonl'));
    expect(r.findings).toEqual([expect.objectContaining({ rule: 'LOG-READ-1', message: expect.stringContaining('is a FIFO (named pipe), not a regular file'), loc: expect.objectContaining({ line: 1 }) })]);
    expect(r.unreadable).toBe(true);
  });

  it('a FIFO swapped in after the directory scan is reported, not waited on', async () => {
    const d = dir();
    mkdirSync(join(d, 's1'));
    writeFileSync(join(d, 's1', 'session.jsonl'), log());
    const { files } = await expandPaths([d]);
    expect(files).toEqual([join(d, 's1', 'session.jsonl')]);
    rmSync(files[0]);
    execFileSync('mkfifo', [files[0]]);
    const r = await read(files[0]);
    expect(r.findings.map((f) => f.rule)).toEqual(['LOG-READ-1']);
  });

  it('a socket and a device are error findings', async () => {
    const d = dir();
    const sock = join(d, 'session.jsonl');
    const server = createServer();
    await new Promise<void>((ok) => server.listen(sock, ok));
    try {
      const r = await read(sock);
      expect(r.findings).toEqual([expect.objectContaining({ rule: 'LOG-READ-1' })]);
      const scan = await expandPaths([d]);
      expect(scan.files).toEqual([sock]); // named like a log: handed to the reader, which reports it
    } finally {
      server.close();
    }
    const dev = await read('/dev/zero');
    expect(dev.findings).toEqual([expect.objectContaining({ rule: 'LOG-READ-1', message: expect.stringContaining('a character device') })]);
    const arg = await expandPaths(['/dev/null']);
    expect(arg.problems.map(rendered)).toEqual([expect.objectContaining({ rule: 'LOG-READ-1', message: expect.stringContaining('a character device') })]);
  });

  it('a dangling symlink named session.jsonl is reported; other dangling links are not logs', async () => {
    const d = dir();
    mkdirSync(join(d, 's1'));
    symlinkSync(join(d, 'gone.jsonl'), join(d, 's1', 'session.jsonl'));
    symlinkSync(join(d, 'gone.txt'), join(d, 's1', 'notes.txt'));
    writeFileSync(join(d, 'session.jsonl.zstd'), '');
    const r = await expandPaths([d]);
    expect(r.problems.map(rendered)).toEqual([expect.objectContaining({ rule: 'LOG-READ-1', path: join(d, 's1', 'session.jsonl'), message: expect.stringContaining('symbolic link') })]);
    expect(r.files).toEqual([join(d, 'session.jsonl.zstd')]);
  });

  it('an I/O error mid-file names the line where reading stopped', async () => {
    const items: LogItem[] = [];
    async function* failing() {
      yield Buffer.from(log('{"type":"session/title","seq":0,"time":2,"data":"a"}'));
      throw Object.assign(new Error('input/output error'), { code: 'EIO' });
    }
    const r = await readLog('io.jsonl', (i) => items.push(i), { chunks: failing() });
    expect(r.unreadable).toBe(true);
    expect(items.flatMap((i) => (i.kind === 'finding' ? [rendered(i)] : []))).toEqual([expect.objectContaining({ rule: 'LOG-READ-1', message: 'cannot read io.jsonl after line 2: EIO input/output error', loc: expect.objectContaining({ line: 3 }) })]);
  });

  it('renaming a directory away between scan and read is an ENOENT finding, not a crash', async () => {
    const d = dir();
    writeFileSync(join(d, 'session.jsonl'), log());
    const { files } = await expandPaths([d]);
    renameSync(d, `${d}-moved`);
    const r = await read(files[0]);
    expect(r.findings).toEqual([expect.objectContaining({ rule: 'LOG-READ-1', message: expect.stringContaining('ENOENT') })]);
  });
});

describe('faithful JSON', () => {
  it('invalid UTF-8 is a warning naming the bytes and where; a real U+FFFD is fine', async () => {
    const bad = Buffer.concat([Buffer.from(`${HEADER}\n{"type":"session/title","seq":0,"time":2,"data":"ab`), Buffer.from([0xc3, 0x28]), Buffer.from('"}\n')]);
    const r = await read('u.jsonl', bad);
    expect(r.findings).toEqual([expect.objectContaining({ rule: 'LOG-JSON-3', seq: 0, message: expect.stringContaining('the invalid byte sequence 0xC3 0x28 at byte 51 of the line'), loc: expect.objectContaining({ line: 2 }) })]);
    const ok = await read('u.jsonl', log('{"type":"session/title","seq":0,"time":2,"data":"a\ufffdb"}'));
    expect(ok.findings).toEqual([]);
    for (const seq of [[0xed, 0xa0, 0x80], [0xf5, 0x80], [0xe2, 0x82], [0xc0, 0xaf]]) {
      const b = Buffer.concat([Buffer.from(`${HEADER}\n{"type":"session/title","seq":0,"time":2,"data":"`), Buffer.from(seq), Buffer.from('"}\n')]);
      expect((await read('u.jsonl', b)).findings.map((f) => f.rule)).toEqual(['LOG-JSON-3']);
    }
  });

  it('duplicate keys are a warning with the key and its object; DSH keeps the last', async () => {
    const r = await read('d.jsonl', log('{"type":"turn/end","type":"turn/start","seq":0,"time":2,"data":{"turn":1}}', '{"type":"x/y","seq":1,"time":3,"ignorable":true,"data":{"a":{"b":1,"b":2}}}'));
    expect(r.findings.filter((f) => f.rule === 'LOG-JSON-4')).toEqual([
      expect.objectContaining({ message: expect.stringContaining('"type" twice in (root)'), loc: expect.objectContaining({ line: 2 }), seq: 0 }),
      expect.objectContaining({ message: expect.stringContaining('"b" twice in .data.a'), loc: expect.objectContaining({ line: 3 }), seq: 1 }),
    ]);
    expect(r.events[0].type).toBe('turn/start');
    // Whitespace before the colon is still a key separator.
    for (const ws of [' ', '\t', '\r', '  \t']) {
      const loose = await read('d.jsonl', log(`{"type"${ws}:"turn/end","type":"turn/start","seq":0,"time":2,"data":{"turn":1}}`));
      expect(loose.findings.map((f) => f.rule)).toContain('LOG-JSON-4');
    }
  });

  it('colons and quotes inside strings are not keys', async () => {
    const r = await read('c.jsonl', log('{"type":"session/title","seq":0,"time":2,"data":{"a:b":"{\\"x\\":1,\\"x\\":2}","c\\"":"::"}}'));
    expect(r.findings).toEqual([]);
  });

  it('reports a duplicate key exactly when the text has one (property)', async () => {
    const key = fc.constantFrom('a', 'b', 'a:', 'q"', '\\');
    type V = { t: 'obj'; entries: [string, V][] } | { t: 'arr'; items: V[] } | { t: 'num' };
    const value: fc.Arbitrary<V> = fc.letrec<{ v: V }>((tie) => ({
      v: fc.oneof({ depthSize: 'small' }, fc.constant<V>({ t: 'num' }), fc.array(tie('v'), { maxLength: 3 }).map((items): V => ({ t: 'arr', items })), fc.array(fc.tuple(key, tie('v')), { maxLength: 4 }).map((entries): V => ({ t: 'obj', entries }))),
    })).v;
    const text = (v: V): string => (v.t === 'num' ? '1' : v.t === 'arr' ? `[${v.items.map(text).join(',')}]` : `{${v.entries.map(([k, x]) => `${JSON.stringify(k)}:${text(x)}`).join(',')}}`);
    const hasDup = (v: V): boolean => (v.t === 'num' ? false : v.t === 'arr' ? v.items.some(hasDup) : new Set(v.entries.map(([k]) => k)).size < v.entries.length || v.entries.some(([, x]) => hasDup(x)));
    await fc.assert(
      fc.asyncProperty(value, async (v) => {
        const r = await read('p.jsonl', log(`{"type":"session/title","seq":0,"time":2,"data":${text(v)}}`));
        expect(r.findings.some((f) => f.rule === 'LOG-JSON-4')).toBe(hasDup(v));
      }),
      { numRuns: 400, seed: 16 },
    );
  });

  it('a BOM is named as a BOM, with no invisible character in the message', async () => {
    const first = await read('b.jsonl', `\ufeff${log()}`);
    expect(first.findings).toEqual([expect.objectContaining({ rule: 'LOG-HDR-1', message: expect.stringContaining('UTF-8 byte order mark (0xEF 0xBB 0xBF)') })]);
    const later = await read('b.jsonl', log('\ufeff{"type":"session/title","seq":0,"time":2,"data":"a"}'));
    expect(later.findings).toEqual([expect.objectContaining({ rule: 'LOG-READ-3', message: expect.stringContaining('byte order mark') })]);
    for (const f of [...first.findings, ...later.findings]) expect(f.message).not.toContain('\ufeff');
  });
});

describe('values built to crash a formatter', () => {
  const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;

  it('a 10k-deep array as the header type, a row seq0 or legacy fields is a finding with a line', async () => {
    const header = await read('h.jsonl', `{"type":${deep},"version":0,"id":"s","createdAt":1,"delegationDepth":0}\n`);
    expect(header.findings).toEqual([expect.objectContaining({ rule: 'LOG-HDR-1', message: expect.stringContaining('found type an array'), loc: expect.objectContaining({ line: 1 }) })]);
    const row = await read('r.jsonl', log(`{"type":"text-chunks","seq0":${deep},"time0":1,"data":{}}`, '{"type":"session/title","seq":0,"time":2,"data":"after"}'));
    expect(row.findings).toEqual([expect.objectContaining({ rule: 'LOG-ROW-1', message: expect.stringContaining('found an array'), loc: expect.objectContaining({ line: 2 }) })]);
    expect(row.events.map((e) => e.data)).toEqual(['after']);
    const legacy = await read('l.jsonl', log(`{"type":"turn/end","seq":0,"time":2,"data":{"turn":1,"reason":{"kind":"error","message":${deep}}}}`));
    expect(legacy.findings.map((f) => f.rule)).toEqual(['LOG-LEGACY-2']);
  });

  it('a 10k-deep event type and a huge value still give events, not a reader error', async () => {
    const r = await read('t.jsonl', log(`{"type":${deep},"seq":0,"time":-9e15,"data":"${'z'.repeat(1_000_000)}"}`, '{"type":"session/title","seq":1,"time":2,"data":"next"}'));
    expect(r.findings).toEqual([]);
    expect(r.events).toHaveLength(2);
  });

  it('a consumer that throws on one event gets a LOG-READ-7 finding at that line, and the next events', async () => {
    const items: LogItem[] = [];
    const r = await read('x.jsonl', log('{"type":"session/title","seq":0,"time":2,"data":"boom"}', '{"type":"session/title","seq":1,"time":3,"data":"fine"}'), (i) => {
      if (i.kind === 'event' && i.event.data === 'boom') throw new RangeError('Maximum call stack size exceeded');
      items.push(i);
    });
    expect(r.unreadable).toBe(false);
    expect(items.map((i) => (i.kind === 'finding' ? `${i.rule}@${i.loc?.line}:${i.seq}` : i.kind))).toEqual(['header', 'LOG-READ-7@2:0', 'event']);
  });
});
