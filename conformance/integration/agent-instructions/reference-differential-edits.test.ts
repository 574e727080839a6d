import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPlugin, pluginFromModule, type LoadedPlugin } from '../../loader/load-plugin.js';
import { editWorldArb } from './arbitrary.js';
import { drive } from './drive.js';
import * as reference from '../../../reference/agent-instructions/index.js';

/**
 * The differential property on edit-heavy sessions (see `editWorldArb`): replacements, removals,
 * tombstones, sibling convergence, compaction re-arming and restarts with offline edits.
 */

let upstream: LoadedPlugin;
let ours: LoadedPlugin;
beforeAll(async () => {
  upstream = await loadPlugin('@deepseek-ai/dsh-agent-instructions');
  ours = pluginFromModule(reference as never, 'reference:agent-instructions', 'reference');
});

describe('reference agent-instructions vs published rc.8 (edit-heavy sessions)', () => {
  it('agrees on every outcome, log, inbox state, warning and fs call', async () => {
    await fc.assert(
      fc.asyncProperty(editWorldArb, async (world) => {
        const expected = await drive(upstream.factory, { ...world, mode: 'virtual' });
        const actual = await drive(ours.factory, { ...world, mode: 'virtual' });
        expect(actual).toEqual(expected);
      }),
      { seed: 42_0806, numRuns: 120, endOnFailure: true },
    );
  });
});
