import fc from 'fast-check';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildLog } from '../../generators/session-reference/other-sessions.js';
import { SimSessionQuery, type OtherSessionsSpecInput } from '../../host/services/session-query.js';
import { SimulatedHost, VirtualClock } from '../../host/index.js';
import { loadPlugin, pluginFromModule, type LoadedPlugin } from '../../loader/load-plugin.js';
import * as reference from '../../../reference/session-reference/index.js';

/**
 * Candidate discovery (upstream tests 3, 4, 7) is a service API, not a pre-step behaviour, so it is
 * tested by calling the published service object each implementation provides, differentially.
 */

type Resolver = {
  listCandidates(agent: unknown, query?: string, limit?: number, signal?: AbortSignal): Promise<unknown>;
  remoteExportCandidates(agent: unknown, query: string, signal?: AbortSignal): Promise<unknown>;
};

const header = (cwd?: string) => ({ type: 'session' as const, version: 0, id: 'target', createdAt: 10, delegationDepth: 0, ...(cwd ? { cwd } : {}) });
let upstream: LoadedPlugin;
const ours = pluginFromModule(reference, 'reference', 'reference', 'session-reference');
const hosts: SimulatedHost[] = [];
beforeAll(async () => {
  upstream = await loadPlugin('@deepseek-ai/dsh-session-reference', { source: 'session-reference' });
});
afterEach(() => {
  for (const h of hosts.splice(0)) h.dispose();
});

function start(plugin: LoadedPlugin, others: OtherSessionsSpecInput, cwd?: string, config: unknown = {}) {
  const sessionQuery = new SimSessionQuery(others);
  const host = new SimulatedHost({ plugin: plugin.factory, config, header: header(cwd), services: { sessionQuery }, clock: new VirtualClock(1_000) });
  hosts.push(host);
  if (!host.load()) throw new Error(`load failed: ${host.loadError?.message}`);
  const resolver = host.ctx.provided.get('sessionReferenceResolver') as Resolver;
  return { host, resolver, sessionQuery };
}

async function settled(work: Promise<unknown>): Promise<unknown> {
  try {
    return { ok: await work };
  } catch (e) {
    const error = e as Error & { code?: unknown };
    return { error: { name: error.name, code: error.code, message: error.message } };
  }
}

const session = (id: string, createdAt: number, options: { cwd?: string; title?: string; titleRead?: 'fail'; listed?: boolean } = {}) => ({
  header: { id, createdAt, ...(options.cwd ? { cwd: options.cwd } : {}) },
  log: buildLog(id, options.title === undefined ? [{ user: 'x' }] : [{ user: 'x' }, { title: options.title }]),
  ...(options.titleRead ? { titleRead: options.titleRead } : {}),
  ...(options.listed === false ? { listed: false } : {}),
});

describe('listCandidates', () => {
  it('ranks same-cwd, then cwd-less, then other sessions, labels by latest title, filters by query (upstream test 3)', async () => {
    const others = { sessions: [session('target', 10, { cwd: '/same' }), session('other', 40, { cwd: '/else' }), session('none', 30), session('same', 20, { cwd: '/same' }), session('same-later', 25, { cwd: '/same', title: 'Latest title' })] };
    const { resolver, host } = start(ours, others, '/same');
    expect(await resolver.listCandidates(host.agent)).toEqual([
      { sessionId: 'same-later', label: 'Latest title', cwd: '/same', createdAt: 25 },
      { sessionId: 'same', label: 'same', cwd: '/same', createdAt: 20 },
      { sessionId: 'none', label: 'none', createdAt: 30 },
      { sessionId: 'other', label: 'other', cwd: '/else', createdAt: 40 },
    ]);
    expect(await resolver.listCandidates(host.agent, 'els', 1)).toEqual([{ sessionId: 'other', label: 'other', cwd: '/else', createdAt: 40 }]);
    expect(await resolver.listCandidates(host.agent, 'LATEST', 1)).toEqual([{ sessionId: 'same-later', label: 'Latest title', cwd: '/same', createdAt: 25 }]);
    await expect(resolver.listCandidates(host.agent, '', 0)).rejects.toMatchObject({ code: 'SESSION_REFERENCE_INVALID_REFERENCE', message: 'candidate limit must be a positive safe integer' });
  });

  it('serves the Remote face with the configured limit and canonical mentions (upstream test 4)', async () => {
    const { resolver, host } = start(ours, { sessions: [session('source]', 5, { title: 'a]b' }), session('b', 4), session('c', 3)] }, undefined, { candidateLimit: 2 });
    expect(await resolver.remoteExportCandidates(host.agent, '')).toEqual([
      { sessionId: 'source]', label: 'a]b', createdAt: 5, mention: reference.formatSessionReferenceMention({ sessionId: 'source]', label: 'a]b' }) },
      { sessionId: 'b', label: 'b', createdAt: 4, mention: reference.formatSessionReferenceMention({ sessionId: 'b' }) },
    ]);
  });

  it('cancels a stalled listing or title batch, forwarding the signal (upstream tests 3 and 7)', async () => {
    for (const stall of [{ listSessions: 'hang' as const }, { readTitles: 'hang' as const }]) {
      const { resolver, host } = start(ours, { sessions: [session('source', 1)], ...stall });
      const controller = new AbortController();
      const pending = settled(resolver.listCandidates(host.agent, 'source', undefined, controller.signal));
      await host.settle();
      controller.abort('autocomplete superseded');
      expect(await pending).toEqual({ error: { name: 'SessionReferenceError', code: 'SESSION_REFERENCE_CANCELLED', message: 'session reference preparation was cancelled' } });
    }
  });

  it('behaves exactly like upstream for random corpora, titles, failures, queries and limits', async () => {
    const ids = ['target', 'Alpha', 'beta', 'gamma-x', 'ALPHA-2'];
    const corpus = fc.uniqueArray(
      fc.record({
        id: fc.constantFrom(...ids),
        createdAt: fc.integer({ min: 0, max: 5 }),
        cwd: fc.option(fc.constantFrom('/work', '/else', '/WORK'), { nil: undefined }),
        title: fc.option(fc.constantFrom('Alpha title', 'release', 'Ünïcode'), { nil: undefined }),
        titleRead: fc.option(fc.constant('fail' as const), { nil: undefined }),
        listed: fc.boolean(),
      }),
      { selector: (s) => s.id, maxLength: 5 },
    );
    const mode = fc.constantFrom<'ok' | 'fail'>('ok', 'ok', 'ok', 'fail');
    await fc.assert(
      fc.asyncProperty(
        corpus,
        mode,
        mode,
        fc.option(fc.constantFrom('/work', '/else'), { nil: undefined }),
        fc.constantFrom('', 'a', 'ALPHA', 'work', 'title', 'zzz', 'ü'),
        fc.constantFrom(undefined, 1, 2, 10, 0, 1.5, -1),
        async (sessions, listSessions, readTitles, cwd, query, limit) => {
          const others = { sessions: sessions.map((s) => session(s.id, s.createdAt, { cwd: s.cwd, title: s.title, titleRead: s.titleRead, listed: s.listed })), listSessions, readTitles };
          const a = start(upstream, others, cwd);
          const b = start(ours, others, cwd);
          expect(await settled(b.resolver.listCandidates(b.host.agent, query, limit))).toEqual(await settled(a.resolver.listCandidates(a.host.agent, query, limit)));
          expect(await settled(b.resolver.remoteExportCandidates(b.host.agent, query))).toEqual(await settled(a.resolver.remoteExportCandidates(a.host.agent, query)));
          expect(b.sessionQuery.calls).toEqual(a.sessionQuery.calls);
          for (const h of hosts.splice(0)) h.dispose();
        },
      ),
      { seed: 77, numRuns: 300 },
    );
  });
});
