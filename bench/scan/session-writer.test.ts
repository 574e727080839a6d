import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogChecker, defaultCheckOptions } from '../../invariants/engine.js';
import type { SessionEvent } from '../../invariants/log/types.js';
import { SurfaceFold } from '../../invariants/model/surface.js';
import { coreRuleModules } from '../../invariants/rules/core/index.js';
import { PreStepDriver, growthSlack } from './driver.js';
import { checkHistory } from './guard.js';
import { generateSession } from './history.js';
import { loadImplementation } from './implementations.js';
import { LOGS, SHAPES } from './shapes.js';
import { installVirtualClock } from './virtual-clock.js';

/** Core LOG-* findings of a generated log (the kit's own validator is the judge of realism). */
function coreFindings(header: unknown, events: readonly SessionEvent[]) {
  const checker = new LogChecker('generated.jsonl', coreRuleModules, defaultCheckOptions());
  checker.header(header as never, { file: 'generated.jsonl', line: 1, byteOffset: 0 });
  events.forEach((event, i) => checker.event({ event, loc: { file: 'generated.jsonl', line: i + 2, byteOffset: 0 } }));
  return checker.end().map((f) => `${f.rule} @${f.seq}: ${f.message}`);
}

describe('generated sessions', () => {
  for (const recipe of Object.values(LOGS)) {
    it(`${recipe.id}: a valid DSH log (no core findings), surface = the fold, shape as promised`, () => {
      const { session } = generateSession(recipe, 1_500);
      expect(session.events.length).toBeGreaterThanOrEqual(1_500);
      expect(coreFindings(session.header, session.events)).toEqual([]);
      expect(session.surface.nodes).toEqual(SurfaceFold.of(session.events).nodes);
      session.events.forEach((e, i) => expect(e.seq).toBe(i));
      expect(() => checkHistory(generateSession(recipe, 1_500))).not.toThrow();
    });
  }

  it('is deterministic: the same recipe and size give the same log', () => {
    const a = generateSession(LOGS.compacted, 2_000);
    const b = generateSession(LOGS.compacted, 2_000);
    expect(JSON.stringify(b.session.events)).toBe(JSON.stringify(a.session.events));
    expect(b.state).toEqual(a.state);
  });
});

describe('steady-state growth (driver)', () => {
  let restore: () => void;
  beforeAll(() => {
    restore = installVirtualClock();
  });
  afterAll(() => restore());

  for (const shape of SHAPES.filter((s) => s.mode === 'steady')) {
    for (const source of ['time-context', 'tmux-context'] as const) {
      it(`${source} ${shape.id}: the log stays valid and near its nominal size while pre-steps run`, async () => {
        const base = generateSession(shape.log, 300);
        const driver = new PreStepDriver(await loadImplementation(source, 'reference'), shape, base);
        const limit = base.session.events.length + growthSlack(base.session.events.length);
        for (let i = 0; i < 60; i++) {
          await driver.prepare();
          const decision = await driver.call();
          const session = driver.currentSession;
          // The measured pre-steps of tmux-context are first steps; time-context measures every step.
          const last = session.events.findLast((e) => e.type === 'turn/start');
          if (source === 'tmux-context') expect(session.events.findLast((e) => e.type === 'step/start' && (e.data as { turn: number }).turn === (last!.data as { turn: number }).turn)).toBeUndefined();
          await driver.complete(decision);
          expect(driver.logLength).toBeLessThanOrEqual(limit);
        }
        expect(driver.reopens).toBeGreaterThan(0);
        const { header, events, surface } = driver.currentSession;
        // A live log ends inside its open turn (LOG-END-1 says exactly that); nothing else may be reported.
        expect(coreFindings(header, events).filter((f) => !f.startsWith('LOG-END-1 '))).toEqual([]);
        expect(surface.nodes).toEqual(SurfaceFold.of(events).nodes);
      });
    }
  }
});
