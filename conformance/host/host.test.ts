import { afterEach, describe, expect, it } from 'vitest';
import { loadPlugin } from '../loader/load-plugin.js';
import { SimulatedHost, VirtualClock } from './index.js';

const BASE = Date.parse('2026-07-14T00:00:00.000Z');
const header = { type: 'session' as const, version: 0, id: 'session-host-test', createdAt: BASE, cwd: '/proj', delegationDepth: 0 };
let host: SimulatedHost | undefined;
afterEach(() => host?.dispose());

describe('simulated host with the published time-context', () => {
  it('appends step/start then the claimed prompt then the reading, with host-stamped times', async () => {
    const plugin = await loadPlugin('@deepseek-ai/dsh-time-context');
    expect(plugin.source).toBe('time-context');
    host = new SimulatedHost({ plugin: plugin.factory, config: {}, header, clock: new VirtualClock(BASE), timeZone: 'UTC' });
    expect(host.load()).toBe(true);
    host.enqueue('next-turn', { text: 'hello' });
    host.clock.advance(90_000);
    const outcome = await host.preStep();
    expect(outcome.kind).toBe('enter');
    const types = host.session.events.map((e) => e.type);
    expect(types).toEqual(['turn/start', 'step/start', 'user/message', 'user/message']);
    const reading = host.session.events[3].data as { content: Array<{ text: string }> };
    expect(reading.content[0].text).toBe(
      'Time sampled while preparing turn 1, step 1: 2026-07-14T00:01:30+00:00[UTC]\n' +
        'Browser time zone for this request: unavailable. Ask the user to clarify otherwise-unqualified dates and times.\n' +
        'Elapsed since the preceding model-visible message: unavailable.',
    );
    expect(host.session.surface.nodes).toEqual([2, 3]);
  });

  it('records nothing when a downstream listener rejects, and fails the turn on a throw', async () => {
    const plugin = await loadPlugin('@deepseek-ai/dsh-time-context');
    host = new SimulatedHost({ plugin: plugin.factory, header, clock: new VirtualClock(BASE), timeZone: 'UTC' });
    host.load();
    host.enqueue('next-turn', { text: 'hello' });
    expect((await host.preStep({ downstream: { kind: 'reject' } })).kind).toBe('reject');
    host.enqueue('next-turn', { text: 'again' });
    const failed = await host.preStep({ downstream: { kind: 'throw', message: 'boom' } });
    expect(failed).toMatchObject({ kind: 'error', error: { message: 'boom' } });
    expect(host.session.events.map((e) => e.type)).toEqual(['turn/start', 'turn/end', 'turn/start', 'turn/end']);
  });

  it('reports a load-time error as data', async () => {
    const plugin = await loadPlugin('@deepseek-ai/dsh-time-context');
    host = new SimulatedHost({ plugin: plugin.factory, config: { refreshIntervalMs: -1 }, header, clock: new VirtualClock(BASE) });
    expect(host.load()).toBe(false);
    expect(host.loadError).toEqual({ name: 'TypeError', message: 'time-context: refreshIntervalMs must be a non-negative safe integer, got -1' });
  });
});
