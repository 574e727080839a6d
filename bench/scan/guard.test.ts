import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pluginFromModule } from '../../conformance/loader/load-plugin.js';
import * as referenceTime from '../../reference/time-context/index.js';
import * as referenceTmux from '../../reference/tmux-context/index.js';
import { GuardError, guardShape } from './guard.js';
import { generateSession } from './history.js';
import { loadImplementation, type LoadedImplementation } from './implementations.js';
import { SHAPES, type ShapeSpec } from './shapes.js';
import { installVirtualClock } from './virtual-clock.js';

/**
 * The guard must pass the real pair and stop a wrong implementation before it is timed. The broken
 * implementations are realistic scheduling bugs: the interval ignored (a plugin that injects every
 * time) and a process-local "last reading" memory (what the log-only rule forbids; it forgets the
 * log's readings after a restart).
 */

const shape = (id: ShapeSpec['id']) => SHAPES.find((s) => s.id === id)!;

function ignoringInterval(source: 'time-context' | 'tmux-context'): LoadedImplementation {
  const ref = (source === 'time-context' ? referenceTime : referenceTmux) as unknown as { name: string; Config: (c: unknown) => Record<string, unknown>; apply: (ctx: unknown, c: unknown) => void };
  const mod = { name: ref.name, Config: ref.Config, apply: (ctx: unknown, config: Record<string, unknown>) => ref.apply(ctx, { ...config, refreshIntervalMs: 0 }) };
  return { source, implementation: 'reference', label: `${source} ignoring its interval`, plugin: pluginFromModule(mod, 'mutant', 'mutant', source) };
}

function inMemorySchedule(): LoadedImplementation {
  // Remembers the time of its own last reading instead of reading the log: suppresses nothing it did not write.
  const mod = {
    name: 'time-context',
    Config: referenceTime.Config,
    apply(ctx: { on: (n: string, fn: (p: unknown, next: () => Promise<unknown>) => Promise<unknown>, o: unknown) => void }, config: { refreshIntervalMs?: number }) {
      let last: number | undefined;
      referenceTime.apply(
        {
          on: (name: string, fn: (p: unknown, next: () => Promise<unknown>) => Promise<unknown>, options: unknown) =>
            ctx.on(name, async (payload, next) => {
              const interval = config.refreshIntervalMs ?? 0;
              if (interval > 0 && last !== undefined && Date.now() - last < interval) return next();
              const decision = (await fn(payload, next)) as { messages?: unknown[] };
              last = Date.now();
              return decision;
            }, options),
        } as never,
        { ...config, refreshIntervalMs: 0 } as never,
      );
    },
  };
  return { source: 'time-context', implementation: 'reference', label: 'time-context with in-memory schedule', plugin: pluginFromModule(mod, 'mutant', 'mutant', 'time-context') };
}

describe('correctness guard', () => {
  let restore: () => void;
  beforeAll(() => {
    restore = installVirtualClock();
  });
  afterAll(() => restore());

  for (const benchShape of SHAPES) {
    for (const source of ['time-context', 'tmux-context'] as const) {
      it(`${source} ${benchShape.id}: reference and upstream agree`, async () => {
        const report = await guardShape(await loadImplementation(source, 'reference'), await loadImplementation(source, 'upstream'), benchShape, generateSession(benchShape.log, 400), 6);
        expect(report.preSteps).toBe(6);
      });
    }
  }

  it('stops an implementation that ignores its interval (suppressed shape)', async () => {
    for (const source of ['time-context', 'tmux-context'] as const) {
      const run = guardShape(ignoringInterval(source), await loadImplementation(source, 'upstream'), shape('suppressed'), generateSession(shape('suppressed').log, 400), 4);
      await expect(run).rejects.toThrow(GuardError);
    }
  });

  it('stops a process-local schedule (it forgets the readings in the log)', async () => {
    const run = guardShape(inMemorySchedule(), await loadImplementation('time-context', 'upstream'), shape('suppressed'), generateSession(shape('suppressed').log, 400), 4);
    await expect(run).rejects.toThrow(/disagree/);
  });
});
