import { describe, expect, it } from 'vitest';
import { HostContext, ListenerRegistry, PluginCrash } from './context.js';

describe('HostContext service lookups', () => {
  it('records a lookup of a service the host does not offer, once, with what it offers', () => {
    const registry = new ListenerRegistry();
    const ctx = new HostContext(registry, { shell: {} });
    expect(ctx.get('shell')).toEqual({});
    expect(ctx.get('bash')).toBeUndefined();
    expect(ctx.get('bash')).toBeUndefined();
    ctx.get('agents');
    expect(registry.lookups).toEqual([{ name: 'bash', via: 'get', offered: ['agents', 'shell'] }]);
  });

  it('keeps lookups across plugin instances of one host (restart)', () => {
    const registry = new ListenerRegistry();
    new HostContext(registry, {}).get('fs');
    new HostContext(registry, {}).recordLookup('sessionQuery', 'inject');
    expect(registry.lookups.map((l) => `${l.via}:${l.name}`)).toEqual(['get:fs', 'inject:sessionQuery']);
  });
});

describe('listeners without a defined outcome', () => {
  it('turn a throw from session/event or tools/result into a PluginCrash, and leave agent/pre-step alone', () => {
    const registry = new ListenerRegistry();
    const ctx = new HostContext(registry, {});
    const boom = () => {
      throw new RangeError('boom');
    };
    ctx.on('session/event', boom);
    ctx.on('agent/pre-step', boom);
    expect(() => registry.of('session/event')[0]()).toThrow(PluginCrash);
    expect(() => registry.of('session/event')[0]()).toThrow(/session\/event listener, where the host defines no outcome: RangeError: boom/);
    expect(() => registry.of('agent/pre-step')[0]()).toThrow(RangeError);
  });
});
