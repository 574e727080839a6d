import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPlugin, type LoadedPlugin } from '../../loader/load-plugin.js';
import { editWorldArb, worldArb } from './arbitrary.js';
import { drive, type DriveInput } from './drive.js';
import { defaultCheckOptions, LogChecker } from '../../../invariants/engine.js';
import type { SessionEvent } from '../../../invariants/log/types.js';
import { agentInstructionsRules } from '../../../invariants/rules/agent-instructions/index.js';

/**
 * No false alarms: every log the published plugin writes, over random worlds, passes the
 * agent-instructions rules without an error (AI-SEQ-1, AI-SEQ-2 and AI-POS-2 are warnings precisely because the
 * published plugin can produce them; see the spec).
 */

let upstream: LoadedPlugin;
beforeAll(async () => {
  upstream = await loadPlugin('@deepseek-ai/dsh-agent-instructions');
});

async function findingsFor(world: Omit<DriveInput, 'mode'>) {
  const record = await drive(upstream.factory, { ...world, mode: 'virtual' });
  const reconfigured = world.actions.some((a) => a.do === 'reconfigure');
  const options = { ...defaultCheckOptions(), configs: reconfigured ? {} : { 'agent-instructions': world.config as { maxBytes: number } } };
  const checker = new LogChecker('upstream.jsonl', [agentInstructionsRules], options);
  const header = { type: 'session' as const, version: 0, id: 'session-ai', createdAt: 0, cwd: world.cwd, delegationDepth: 0 };
  checker.header(header, { file: 'upstream.jsonl', line: 1, byteOffset: 0 });
  (record.log as SessionEvent[]).forEach((event, i) => checker.event({ event, loc: { file: 'upstream.jsonl', line: i + 2, byteOffset: 0 } }));
  return checker.end();
}

describe('agent-instructions rules over logs the published plugin writes', () => {
  // The recorded world where a downstream handler rejected an announcement and the plugin later
  // removed it (counterexamples/ai-seq-1-remove-unannounced.json): AI-SEQ-1 is a warning for that reason.
  it('report no error on the recorded AI-SEQ-1 counterexample (a removal after a rejected announcement)', async () => {
    const world = JSON.parse(readFileSync(join(import.meta.dirname, 'counterexamples', 'ai-seq-1-remove-unannounced.json'), 'utf8')) as Omit<DriveInput, 'mode'>;
    expect((await findingsFor(world)).filter((f) => f.severity === 'error')).toEqual([]);
  });

  it('report no error on random worlds', async () => {
    await fc.assert(
      fc.asyncProperty(worldArb, async (world) => {
        const errors = (await findingsFor(world)).filter((f) => f.severity === 'error');
        expect(errors).toEqual([]);
      }),
      { seed: 77, numRuns: 150, endOnFailure: true },
    );
  });

  it('report no error on edit-heavy sessions', async () => {
    await fc.assert(
      fc.asyncProperty(editWorldArb, async (world) => {
        const errors = (await findingsFor(world)).filter((f) => f.severity === 'error');
        expect(errors).toEqual([]);
      }),
      { seed: 78, numRuns: 100, endOnFailure: true },
    );
  });
});
