import { describe, expect, it } from 'vitest';
import { buildLog } from '../../generators/session-reference/other-sessions.js';
import { SimSessionQuery, createAdapter } from './session-query.js';

const other = (id: string, extra: Record<string, unknown> = {}) => ({
  header: { id, createdAt: 5, cwd: '/p' },
  log: buildLog(id, [{ user: 'old' }, { assistant: 'answer' }, { tool: 'out' }, { compact: 'gist', keepLast: 1 }, { title: 'Named' }, { user: 'new' }]),
  ...extra,
});

async function failure(work: Promise<unknown>) {
  try {
    await work;
    return 'resolved';
  } catch (error) {
    return error instanceof Error ? `${error.name}: ${error.message}` : `non-Error ${String(error)}`;
  }
}

describe('SimSessionQuery', () => {
  it('reads the folded current surface with the highest raw seq, and records every call', async () => {
    const q = new SimSessionQuery({ sessions: [other('a')] });
    const snapshot = (await q.readSurface('a')) as { session: { id: string }; capturedThroughSeq: number; events: Array<{ type: string; seq: number }> };
    expect(snapshot.session.id).toBe('a');
    // user 0, assistant 1, tool/call 2, tool/result 3, compaction 4..7 (checkpoint 6 replaces 0..1), title 8, user 9.
    expect(snapshot.capturedThroughSeq).toBe(9);
    expect(snapshot.events.map((e) => `${e.type}@${e.seq}`)).toEqual(['user/message@6', 'tool/result@3', 'user/message@9']);
    expect(q.calls).toEqual(['readSurface a']);
  });

  it('fails reads the ways a store can: unknown, missing, throwing, non-Error', async () => {
    const q = new SimSessionQuery({
      sessions: [other('gone', { read: { kind: 'missing' } }), other('boom', { read: { kind: 'throw', message: 'disk' } }), other('odd', { read: { kind: 'reject', value: 'nope' } })],
    });
    expect(await failure(q.readSurface('nobody'))).toBe('SessionQueryError: session "nobody" not found');
    expect(await failure(q.readSurface('gone'))).toBe('SessionQueryError: session "gone" not found');
    expect(await failure(q.readSurface('boom'))).toBe('Error: disk');
    expect(await failure(q.readSurface('odd'))).toBe('non-Error nope');
  });

  it('lists newest first, folds titles, and isolates a failing title observation', async () => {
    const q = new SimSessionQuery({ sessions: [{ header: { id: 'old', createdAt: 1 } }, other('new'), { header: { id: 'bad', createdAt: 3 }, titleRead: 'fail' }, { header: { id: 'hidden', createdAt: 9 }, listed: false }] });
    expect((await q.listSessions()).map((r) => r.header.id)).toEqual(['new', 'bad', 'old']);
    const titles = (await q.readTitleSnapshots(['new', 'bad', 'new', 'x'])) as Array<{ status: string; value?: { title?: { title: string } } }>;
    expect(titles.map((t) => t.status)).toEqual(['fulfilled', 'rejected', 'rejected']);
    expect(titles[0].value?.title?.title).toBe('Named');
  });

  it('applies changes (append, delete, read behaviour) and reports calls as observations', async () => {
    const adapter = await createAdapter({ sessions: [other('a')] }, { mode: 'virtual' });
    const q = adapter.services.sessionQuery as SimSessionQuery;
    adapter.change!({ op: 'append', sessionId: 'a', event: { type: 'user/message', data: { content: [], source: { kind: 'user' } }, surfaceOp: 'append' } });
    expect(((await q.readSurface('a')) as { capturedThroughSeq: number }).capturedThroughSeq).toBe(10);
    adapter.change!({ op: 'read', sessionId: 'a', read: { kind: 'throw', message: 'later' } });
    expect(await failure(q.readSurface('a'))).toBe('Error: later');
    adapter.change!({ op: 'delete', sessionId: 'a' });
    expect(await failure(q.readSurface('a'))).toBe('SessionQueryError: session "a" not found');
    expect(adapter.observe!()).toEqual({ calls: ['readSurface a', 'readSurface a', 'readSurface a'] });
    expect(() => adapter.change!({ op: 'explode' })).toThrow();
  });
});
