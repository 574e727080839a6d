import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadPlugin, pluginFromModule, type LoadedPlugin } from '../../loader/load-plugin.js';
import { worldArb } from './arbitrary.js';
import { drive, type DriveInput } from './drive.js';
import * as reference from '../../../reference/agent-instructions/index.js';

/**
 * The reference against the published `@deepseek-ai/dsh-agent-instructions@0.1.0-rc.8`, run as an
 * oracle: random workspaces, configurations and action sequences through two simulated hosts, one per
 * implementation; outcomes, the final durable log, the next-step inbox after every action, warnings
 * and every fs call must be identical (message ids normalised).
 */

let upstream: LoadedPlugin;
let ours: LoadedPlugin;
beforeAll(async () => {
  upstream = await loadPlugin('@deepseek-ai/dsh-agent-instructions');
  ours = pluginFromModule(reference as never, 'reference:agent-instructions', 'reference');
});

async function agree(input: DriveInput): Promise<void> {
  const expected = await drive(upstream.factory, input);
  const actual = await drive(ours.factory, input);
  expect(actual).toEqual(expected);
}

describe('reference agent-instructions vs published rc.8', () => {
  it('agrees on random worlds (virtual fs)', async () => {
    await fc.assert(
      fc.asyncProperty(worldArb, (world) => agree({ ...world, mode: 'virtual' })),
      { seed: 20260806, numRuns: 200, endOnFailure: true },
    );
  });

  it('agrees on random worlds (real temporary directory)', async () => {
    await fc.assert(
      fc.asyncProperty(worldArb, (world) => agree({ ...world, mode: 'real' })),
      { seed: 6, numRuns: 25, endOnFailure: true },
    );
  });
});
