import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SimulatedHost, VirtualClock, type PluginFactory } from '../../host/index.js';
import { loadPlugin, pluginFromModule } from '../../loader/load-plugin.js';
import * as reference from '../../../reference/tmux-context/index.js';

/** Loading with any config gives the published package's outcome: the same error name and message, or success. */

const header = { type: 'session' as const, version: 0, id: 'session-tmux-config', createdAt: 0, delegationDepth: 0 };

function loadOutcome(plugin: PluginFactory, config: unknown): unknown {
  const host = new SimulatedHost({ plugin, config, header, clock: new VirtualClock(0) });
  try {
    return host.load() ? 'loaded' : host.loadError;
  } finally {
    host.dispose();
  }
}

const interval = fc.oneof(
  fc.integer({ min: -5, max: 100_000 }),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 1, -0, Number.NaN, Infinity, -Infinity, null, undefined),
  fc.string({ maxLength: 4 }),
  fc.boolean(),
  fc.array(fc.integer(), { maxLength: 2 }),
  fc.constant({}),
);
const config = fc.oneof(
  { weight: 6, arbitrary: interval.map((refreshIntervalMs) => ({ refreshIntervalMs })) },
  { weight: 1, arbitrary: fc.constantFrom(undefined, null, {}, { other: 1 }, 5, 'x', [], [1]) },
);

describe('tmux-context module shape', () => {
  it('exports the same name and inject as the published package, and a callable Config', async () => {
    const upstream = await import('@deepseek-ai/dsh-tmux-context');
    expect(reference.name).toBe(upstream.name);
    expect(reference.inject).toEqual(upstream.inject);
    expect(typeof reference.Config).toBe('function');
    expect(Object.keys(reference).sort()).toEqual(['Config', 'apply', 'inject', 'name']);
  });
});

describe('tmux-context config', () => {
  it('accepts and rejects exactly what the published package does, with the same messages', async () => {
    const upstream = (await loadPlugin('@deepseek-ai/dsh-tmux-context')).factory;
    const ours = pluginFromModule(reference, 'reference', 'reference', 'tmux-context').factory;
    fc.assert(
      fc.property(config, (cfg) => {
        expect(loadOutcome(ours, cfg)).toEqual(loadOutcome(upstream, cfg));
      }),
      { seed: 0xc0f, numRuns: 500 },
    );
  });

  it('names the offending value in the load-time message', () => {
    const ours = pluginFromModule(reference, 'reference', 'reference', 'tmux-context').factory;
    expect(loadOutcome(ours, { refreshIntervalMs: -1 })).toEqual({ name: 'TypeError', message: 'tmux-context: refreshIntervalMs must be a non-negative safe integer, got -1' });
    expect(loadOutcome(ours, { refreshIntervalMs: 1.5 })).toEqual({ name: 'TypeError', message: 'tmux-context: refreshIntervalMs must be a non-negative safe integer, got 1.5' });
  });
});
