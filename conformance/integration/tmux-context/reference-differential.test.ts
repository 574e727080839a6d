import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LogChecker, defaultCheckOptions } from '../../../invariants/engine.js';
import { tmuxContextRules } from '../../../invariants/rules/tmux-context/index.js';
import { SimulatedHost, VirtualClock, type Downstream, type PluginFactory } from '../../host/index.js';
import { ShellService, normalisePid, type ShellFailure } from '../../host/services/shell.js';
import { FAILURES as PROPERTY_FAILURES, FOREIGN_CONTENT, WORLDS } from '../../properties/tmux-context.js';
import { loadPlugin, pluginFromModule } from '../../loader/load-plugin.js';
import { IdNormaliser } from '../../scenario/normalise.js';
import * as reference from '../../../reference/tmux-context/index.js';

/**
 * Differential property: the published `@deepseek-ai/dsh-tmux-context@0.1.0-rc.8` and the reference,
 * each in its own simulated host, driven through the same random session (tmux worlds, clock moves
 * both ways, intervals, multi-step turns, downstream rejects/throws/aborts, restarts, compactions,
 * executor failures, foreign tmux-context messages of odd shapes), must produce the same outcomes,
 * warnings, shell commands (pid normalised) and final durable log (ids normalised). Every log the
 * published package writes must also pass the tmux-context validator rules.
 */

const BASE = Date.parse('2026-07-14T00:00:00.000Z');
const header = { type: 'session' as const, version: 0, id: 'session-tmux-diff', createdAt: BASE, cwd: '/proj', delegationDepth: 0 };

/** The property suite's worlds and failures (one definition for both); `null`: the executor works. */
const FAILURES: Array<ShellFailure | null> = [null, ...PROPERTY_FAILURES];

type TurnEnd = 'default' | 'reject' | 'throw' | 'abort' | 'abortBefore';
type Action =
  | { kind: 'world'; index: number }
  | { kind: 'failure'; index: number }
  | { kind: 'clock'; ms: number }
  | { kind: 'turn'; steps: number; prompt: boolean; first: TurnEnd }
  | { kind: 'restart' }
  | { kind: 'compact'; keepLast: number }
  | { kind: 'foreign'; shape: 'text' | 'single-line' | 'image' | 'empty' };

const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 3, arbitrary: fc.nat(WORLDS.length - 1).map((index) => ({ kind: 'world' as const, index })) },
  { weight: 1, arbitrary: fc.nat(FAILURES.length - 1).map((index) => ({ kind: 'failure' as const, index })) },
  { weight: 3, arbitrary: fc.oneof(fc.integer({ min: -20_000, max: 120_000 }), fc.constantFrom(9_999, 10_000, 59_999, 60_000, -1, -5_000)).map((ms) => ({ kind: 'clock' as const, ms })) },
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('turn' as const),
      steps: fc.integer({ min: 1, max: 3 }),
      prompt: fc.boolean(),
      first: fc.constantFrom<TurnEnd>('default', 'default', 'default', 'reject', 'throw', 'abort', 'abortBefore'),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'restart' as const }) },
  { weight: 1, arbitrary: fc.nat(2).map((keepLast) => ({ kind: 'compact' as const, keepLast })) },
  { weight: 1, arbitrary: fc.constantFrom('text', 'single-line', 'image', 'empty').map((shape) => ({ kind: 'foreign' as const, shape: shape as 'text' })) },
);
const config = fc.constantFrom<Record<string, unknown>>({}, { refreshIntervalMs: 0 }, { refreshIntervalMs: 10_000 }, { refreshIntervalMs: 60_000 });


interface Trace {
  load: unknown;
  results: unknown[];
  warnings: string[];
  commands: string[];
  log: unknown[];
  rawLog: any[];
}

async function drive(plugin: PluginFactory, cfg: Record<string, unknown>, actions: Action[]): Promise<Trace> {
  const shell = ShellService.stub(WORLDS[0], { memoize: true });
  const host = new SimulatedHost({ plugin, config: cfg, header, services: { shell }, clock: new VirtualClock(BASE), timeZone: 'UTC' });
  const results: unknown[] = [];
  try {
    if (!host.load()) return { load: host.loadError, results, warnings: [], commands: [], log: [], rawLog: [] };
    for (const a of actions) {
      switch (a.kind) {
        case 'world':
          shell.setState(WORLDS[a.index]);
          break;
        case 'failure':
          shell.setFailure(FAILURES[a.index]);
          break;
        case 'clock':
          host.clock.advance(a.ms);
          break;
        case 'restart':
          results.push({ restart: host.restart() });
          break;
        case 'compact':
          host.compact({ keepLast: a.keepLast });
          break;
        case 'foreign':
          // Another writer (or an older plugin version) left a tmux-context message between turns.
          if (host.openTurn === null) {
            host.append('user/message', { content: FOREIGN_CONTENT[a.shape], source: { kind: 'plugin', plugin: 'tmux-context', form: 'snapshot', sections: [] }, role: 'user', id: crypto.randomUUID() }, { surfaceOp: 'append' });
          }
          break;
        case 'turn': {
          if (a.prompt) host.enqueue('next-turn', { text: 'prompt' });
          const downstream: Downstream = a.first === 'abortBefore' || a.first === 'default' ? { kind: 'default' } : a.first === 'throw' ? { kind: 'throw', message: 'downstream failed' } : { kind: a.first };
          let outcome = await host.preStep({ downstream, abortBefore: a.first === 'abortBefore' });
          results.push(outcome);
          for (let step = 2; outcome.kind === 'enter' && step <= a.steps; step++) {
            host.request();
            await host.assistant({ toolCalls: [{ name: 'bash', arguments: { command: 'true' } }] });
            outcome = await host.preStep();
            results.push(outcome);
          }
          if (outcome.kind === 'enter') {
            host.request();
            await host.assistant({ text: 'ok' });
            host.endTurn();
          }
          break;
        }
      }
    }
    const rawLog = structuredClone([...host.session.events]);
    return { load: null, results, warnings: host.warnings(), commands: shell.calls.map((c) => `${c.phase}: ${normalisePid(c.command)}`), log: new IdNormaliser().value(rawLog), rawLog };
  } finally {
    host.dispose();
  }
}

function tmuxFindings(rawLog: any[], cfg: Record<string, unknown>): string[] {
  const checker = new LogChecker('(diff)', [tmuxContextRules], { ...defaultCheckOptions(), configs: { 'tmux-context': cfg } });
  checker.header(header, { file: '(diff)', line: 1, byteOffset: 0 });
  rawLog.forEach((event, i) => checker.event({ event, loc: { file: '(diff)', line: i + 2, byteOffset: 0 } }));
  // Foreign messages are deliberately malformed; judge only what the plugin wrote.
  return checker
    .end()
    .filter((f) => f.severity !== 'info')
    .filter((f) => (rawLog[f.seq!]?.data?.source?.sections ?? []).length > 0)
    .map((f) => `${f.rule} seq ${f.seq}: ${f.message}`);
}

describe('reference vs published tmux-context (differential)', () => {
  it('same outcomes, warnings, commands and durable log for random sessions; the published logs pass the rules', async () => {
    const upstream = (await loadPlugin('@deepseek-ai/dsh-tmux-context')).factory;
    const ours = pluginFromModule(reference, 'reference', 'reference:tmux-context', 'tmux-context').factory;
    await fc.assert(
      fc.asyncProperty(config, fc.array(action, { minLength: 1, maxLength: 14 }), async (cfg, actions) => {
        const expected = await drive(upstream, cfg, actions);
        const actual = await drive(ours, cfg, actions);
        const { rawLog: _u, ...e } = expected;
        const { rawLog: _r, ...a } = actual;
        expect(a).toEqual(e);
        expect(tmuxFindings(expected.rawLog, cfg)).toEqual([]);
      }),
      { seed: 0x7a0c, numRuns: 300 },
    );
  });
});
