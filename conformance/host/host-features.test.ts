import { describe, expect, it } from 'vitest';
import type { HostContext } from './context.js';
import { SimulatedHost, VirtualClock, type PluginFactory } from './index.js';
import { executeScenario } from '../scenario/execute.js';
import { createWorkspace } from './services/fs.js';

/**
 * The host features fixtures use beyond one agent's pre-steps: several agents, inbox faults and other
 * producers, tool results whose signal ends after delivery or that carry another listener's contexts,
 * surface calls recorded as JSON observations, and a read that hangs until aborted or released.
 */
const BASE = Date.parse('2026-08-01T00:00:00.000Z');
const header = (id: string, cwd = '/p') => ({ type: 'session' as const, version: 0, id, createdAt: BASE, cwd, delegationDepth: 0 });

/** A tiny plugin that records what it is given, for observing the host from the plugin's side. */
function probe(seen: unknown[]): PluginFactory {
  return {
    exports: { double: (n: number) => n * 2, fails: () => { throw Object.assign(new Error('nope'), { code: 'E_NOPE' }); }, hangs: (signal: AbortSignal) => new Promise((_r, reject) => signal.addEventListener('abort', () => reject(new Error('stopped')))) },
    instantiate(ctx: HostContext) {
      ctx.reflect.provide('probe', { echo: (agent: { id: string }, x: unknown) => ({ agent: agent.id, x }), nothing: () => undefined });
      ctx.on('tools/result', (exec: { signal: AbortSignal; agent?: { inbox: { prepend(l: string, m: unknown): void } } }, result: { additionalContexts: unknown[] }) => {
        seen.push({ abortedAtDelivery: exec.signal.aborted, contexts: result.additionalContexts.length });
        queueMicrotask(() => seen.push({ abortedLater: exec.signal.aborted }));
      });
    },
  };
}

describe('host features', () => {
  it('keeps several agents apart: each has its own session, turns and inbox; restart reopens all', async () => {
    const host = new SimulatedHost({ plugin: probe([]), header: header('a'), agents: [{ id: 'b', header: header('b', '/q') }], clock: new VirtualClock(BASE) });
    host.load();
    host.enqueue('next-turn', { text: 'to a' });
    await host.preStep();
    host.use('b');
    host.enqueue('next-turn', { text: 'to b' });
    expect((await host.preStep()).kind).toBe('enter');
    expect(host.session.header.cwd).toBe('/q');
    host.restart();
    host.use('a');
    expect(host.session.events.map((e) => e.type)).toEqual(['turn/start', 'step/start', 'user/message']);
    expect(host.otherAgents()[0].events.map((e) => e.type)).toEqual(['turn/start', 'step/start', 'user/message']);
    expect(() => host.use('c')).toThrow(/no agent "c"/);
    host.dispose();
  });

  it('an inbox fault makes the next call of that method throw once', () => {
    const host = new SimulatedHost({ plugin: probe([]), header: header('a'), clock: new VirtualClock(BASE) });
    const m = host.enqueue('next-step', { text: 'x' });
    host.agent.inbox.fail('remove', 'inbox closed');
    expect(() => host.agent.inbox.remove(m.id)).toThrow();
    expect(host.agent.inbox.remove(m.id)).toBe(true);
  });

  it('a tool signal can end right after delivery; additionalContexts are appended after the tool result', async () => {
    const seen: unknown[] = [];
    const host = new SimulatedHost({ plugin: probe(seen), header: header('a'), clock: new VirtualClock(BASE) });
    host.load();
    host.enqueue('next-turn', { text: 'go' });
    await host.preStep();
    await host.assistant({ toolCalls: [{ name: 'read', arguments: {}, abortAfterResult: true, additionalContexts: [{ id: 'ctx-1', text: 'more' }] }] });
    await host.settle();
    expect(seen).toEqual([{ abortedAtDelivery: false, contexts: 1 }, { abortedLater: true }]);
    const last = host.session.events.at(-1)!;
    expect([last.type, (last.data as { id: string }).id, last.sourceEventSeqs]).toEqual(['user/message', 'ctx-1', [last.seq - 1]]);
    host.dispose();
  });

  it('records surface calls as JSON observations: results, undefined, errors, stalled calls, provided names', async () => {
    const actual = await executeScenario(probe([]), {
      env: { clock: BASE, tz: 'UTC', header: header('a') } as never,
      log: [],
      actions: [
        { do: 'provides' },
        { do: 'service', name: 'probe', method: 'echo', args: [{ $host: 'agent' }, { n: 1 }] },
        { do: 'service', name: 'probe', method: 'nothing', args: [] },
        { do: 'service', name: 'missing', method: 'x', args: [] },
        { do: 'library', export: 'double', args: [21] },
        { do: 'library', export: 'fails', args: [] },
        { do: 'library', export: 'hangs', args: [{ $host: 'signal' }], abortWhenStalled: true },
        { do: 'library', export: 'hangs', args: [{ $host: 'signal' }] },
        { do: 'library', export: 'absent', args: [] },
      ] as never,
    });
    expect(actual.observations.calls).toEqual([
      { call: 'provides', result: ['probe'] },
      { call: 'service probe.echo', result: { agent: 'a', x: { n: 1 } } },
      { call: 'service probe.nothing', returned: 'undefined' },
      { call: 'service missing.x', error: { name: 'TypeError', message: 'no service named missing' } },
      { call: 'library double', result: 42 },
      { call: 'library fails', error: { name: 'Error', message: 'nope', code: 'E_NOPE' } },
      { call: 'library hangs', error: { name: 'Error', message: 'stopped' } },
      { call: 'library hangs', pending: true },
      { call: 'library absent', error: { name: 'TypeError', message: 'the plugin module exports no function absent' } },
    ]);
  });

  it('a hanging read rejects with the signal reason on abort, and reads normally once the fault is cleared', async () => {
    const ws = createWorkspace({ files: { '/a.md': 'text' }, faults: { '/a.md': ['hang'] } });
    const fs = ws.service;
    const target = await fs.resolve('/a.md');
    const controller = new AbortController();
    const aborted = fs.streamText(target, controller.signal);
    controller.abort(new Error('turn aborted'));
    await expect(aborted).rejects.toThrow('turn aborted');
    const released = fs.streamText(target);
    fs.apply({ op: 'fault', path: '/a.md', kinds: [] });
    let text = '';
    for await (const chunk of await released) text += chunk;
    expect(text).toBe('text');
    ws.dispose();
  });
});
