import { describe, expect, it } from 'vitest';
import type { HostContext } from '../host/index.js';
import { executeTraced } from './executor.js';
import { judgeHost } from './judge.js';

const BASE = Date.parse('2026-07-14T00:00:00.000Z');
const env = { clock: BASE, tz: 'UTC', header: { type: 'session' as const, version: 0, id: 's', createdAt: BASE, cwd: '/proj', delegationDepth: 0 }, workspace: { files: { '/proj/a.md': 'x' } } };

describe('the pre-step trace', () => {
  it('records the downstream and returned decisions, service calls, services the host lacks, and a fresh module per instance', async () => {
    let instances = 0;
    const load = async (copy: number) => ({
      instantiate(ctx: HostContext) {
        instances++;
        expect(ctx.get('database')).toBeUndefined();
        const fs = ctx.get('fs') as { resolve(p: string): Promise<unknown> };
        ctx.on('agent/pre-step', async (_p: unknown, next: () => Promise<{ kind: string; messages: unknown[] }>) => {
          await fs.resolve('/proj/a.md');
          const d = await next();
          return { ...d, messages: [...d.messages, { id: `copy-${copy}`, role: 'user', content: [], source: { kind: 'plugin', plugin: 'p' } }] };
        }, { prepend: true });
      },
    });
    const actual = await executeTraced(load, { env, log: [], actions: [{ do: 'prompt', lane: 'next-turn', message: { text: 'hi' } }, { do: 'pre-step' }, { do: 'restart' }, { do: 'pre-step' }] });
    expect(instances).toBe(2);
    const [first, second] = actual.trace.preSteps;
    expect(first.downstream).toMatchObject({ kind: 'enter', messages: [{ content: [{ text: 'hi' }] }] });
    expect(first.returned).toMatchObject({ kind: 'enter', messages: [{ content: [{ text: 'hi' }] }, { id: expect.stringMatching(/^copy-\d+$/) }] });
    expect((second.returned as { messages: Array<{ id: string }> }).messages.at(-1)!.id).not.toBe((first.returned as { messages: Array<{ id: string }> }).messages.at(-1)!.id);
    expect(actual.trace.serviceCalls).toEqual({ 'fs.resolve': 2 });
    expect(judgeHost(actual).map((f) => f.message)).toEqual(['the plugin asked for "database", which the simulated host does not offer']);
  });
});
