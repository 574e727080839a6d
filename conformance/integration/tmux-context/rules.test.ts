import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LogChecker, defaultCheckOptions, ruleIndex, specRefFor } from '../../../invariants/engine.js';
import type { SessionEvent } from '../../../invariants/log/types.js';
import { allRuleModules } from '../../../invariants/rules/index.js';
import { SimulatedHost, VirtualClock, type PluginFactory } from '../../host/index.js';
import { EXAMPLE_PANE, ShellService, tmuxStates } from '../../host/services/shell.js';
import { loadPlugin, pluginFromModule } from '../../loader/load-plugin.js';
import { tmuxContextRules } from '../../../invariants/rules/tmux-context/index.js';

const header = { type: 'session' as const, version: 0, id: 'session-tmux-rules', createdAt: 0, cwd: '/proj', delegationDepth: 0 };

function findings(events: readonly SessionEvent[], refreshIntervalMs?: number): string[] {
  const checker = new LogChecker('t', [tmuxContextRules], { ...defaultCheckOptions(), configs: refreshIntervalMs === undefined ? {} : { 'tmux-context': { refreshIntervalMs } } });
  checker.header(header, { file: 't', line: 1, byteOffset: 0 });
  events.forEach((event, i) => checker.event({ event, loc: { file: 't', line: i + 2, byteOffset: 0 } }));
  return checker.end().map((f) => f.rule);
}

/** Four turns 5 s apart: an unchanged location, then changes before turn 3, between its two steps, and before turn 4. */
async function sessionLog(plugin: PluginFactory, config: Record<string, unknown> = {}): Promise<SessionEvent[]> {
  const shell = ShellService.stub(tmuxStates.inPane(EXAMPLE_PANE), { memoize: true });
  const host = new SimulatedHost({ plugin, config, header, services: { shell }, clock: new VirtualClock(1_000_000) });
  try {
    host.load();
    const turn = async (steps = 1, between?: () => void) => {
      host.enqueue('next-turn', { text: 'prompt' });
      await host.preStep();
      for (let s = 2; s <= steps; s++) {
        host.request();
        await host.assistant({ toolCalls: [{ name: 'bash', arguments: {} }] });
        between?.();
        await host.preStep();
      }
      host.request();
      await host.assistant({ text: 'ok' });
      host.endTurn();
    };
    await turn();
    host.clock.advance(5_000);
    await turn();
    shell.setState(tmuxStates.inPane({ ...EXAMPLE_PANE, windowName: 'logs' }));
    host.clock.advance(5_000);
    await turn(2, () => shell.setState(tmuxStates.inPane({ ...EXAMPLE_PANE, windowName: 'mid-turn' })));
    shell.setState(tmuxStates.inPane({ ...EXAMPLE_PANE, windowName: 'tests' }));
    host.clock.advance(5_000);
    await turn(2);
    return [...host.session.events];
  } finally {
    host.dispose();
  }
}

async function mutant(name: string): Promise<PluginFactory> {
  const mod = await import(join(import.meta.dirname, '..', '..', '..', 'conformance', 'mutants', 'tmux-context', `${name}.ts`));
  return pluginFromModule(mod, name, name, 'tmux-context').factory;
}

describe('tmux-context rules', () => {
  it('name every rule id TMUX-<AREA>-<n> (the spec text is checked by invariants/rules/spec-sentences.test.ts)', () => {
    const index = ruleIndex(allRuleModules);
    for (const id of Object.keys(tmuxContextRules.rules)) {
      expect(id).toMatch(/^TMUX-[A-Z]+-\d+$/);
      expect(index.get(id)?.module).toBe('tmux-context');
    }
  });

  it('accept the logs the published package writes', async () => {
    const upstream = (await loadPlugin('@deepseek-ai/dsh-tmux-context')).factory;
    expect(findings(await sessionLog(upstream), 5_000)).toEqual([]);
  });

  it.each([
    ['every-step', {}, ['TMUX-POS-1', 'TMUX-ONCE-1']],
    ['append-after-batch', {}, ['TMUX-POS-3']],
    ['bare-plugin-source', {}, ['TMUX-SRC-1']],
    ['unquoted-window-name', {}, ['TMUX-FMT-2']],
    ['compare-turn-line', {}, ['TMUX-CHANGE-1']],
  ] as const)('flag what the %s mutant writes', async (name, config, rules) => {
    const got = new Set(findings(await sessionLog(await mutant(name), config), (config as { refreshIntervalMs?: number }).refreshIntervalMs));
    for (const rule of rules) expect([...got]).toContain(rule);
  });

  it('flags an interval violation, but not across a clock that went backwards in between', () => {
    const reading = (seq: number, time: number, windowName: string): SessionEvent => {
      const text = `tmux location (turn ${seq === 2 ? 1 : 2}):\nsession 0, window 1 "${windowName}", pane 2 %90\nwindow active=1, pane active=0, layout x`;
      return { type: 'user/message', seq, time, surfaceOp: 'append', data: { content: [{ type: 'text', text }], source: { kind: 'plugin', plugin: 'tmux-context', form: 'snapshot', sections: [{ name: 'tmux-context', text }] }, role: 'user', id: `id-${seq}` } };
    };
    const log = (t2: number, t3: number, t4: number, t5: number): SessionEvent[] => [
      { type: 'turn/start', seq: 0, time: 1000, data: { turn: 1 } },
      { type: 'step/start', seq: 1, time: 1000, data: { turn: 1, step: 1 } },
      reading(2, 1000, 'a'),
      { type: 'turn/end', seq: 3, time: t2, data: { turn: 1, reason: { kind: 'completed' } } },
      { type: 'turn/start', seq: 4, time: t3, data: { turn: 2 } },
      { type: 'step/start', seq: 5, time: t4, data: { turn: 2, step: 1 } },
      reading(6, t5, 'b'),
    ];
    expect(findings(log(1500, 1600, 1700, 1700), 1_000)).toEqual(['TMUX-INTERVAL-1']);
    expect(findings(log(1500, 1600, 1700, 1700), undefined)).toEqual([]);
    expect(findings(log(1500, 1600, 2000, 2000), 1_000)).toEqual([]);
    // The clock stepped back at turn 2's start (below the previous reading), then forward again.
    expect(findings(log(1500, 900, 1700, 1700), 1_000)).toEqual([]);
    // ... or stepped back without going below the previous reading's time.
    expect(findings(log(1800, 1200, 1300, 1300), 1_000)).toEqual([]);
  });
});
