import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyWorkspaceEnv, createWorkspace } from '../../host/services/fs.js';
import { configArb, CONTENTS, workspaceArb } from './arbitrary.js';
import * as reference from '../../../reference/agent-instructions/index.js';

/**
 * The exported library functions and `Config` against the published package: same results (or the
 * same error) for random inputs. Node-path functions run over a real temporary directory, and the
 * provider path over both fs modes.
 */

type Lib = typeof reference;
let upstream: Lib;
beforeAll(async () => {
  upstream = (await import('@deepseek-ai/dsh-agent-instructions')) as unknown as Lib;
});

function outcome(fn: () => unknown): unknown {
  try {
    return { ok: fn() };
  } catch (error) {
    return { error: (error as Error).name, message: (error as Error).message };
  }
}

async function outcomeAsync(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    return { ok: await fn() };
  } catch (error) {
    return { error: (error as Error).name, message: (error as Error).message };
  }
}

describe('library exports agree with the published package', () => {
  it('Config accepts, defaults and rejects alike', () => {
    const value = fc.oneof(fc.constant(undefined), fc.constant(null), fc.integer(), fc.double(), fc.string(), fc.boolean(), fc.constant(Infinity), fc.constant(NaN), fc.constantFrom(0, 1, 1.5, -3));
    const input = fc.oneof(
      fc.record(
        {
          dshHome: fc.oneof(value, fc.constant('/h')),
          projectRootMarkers: fc.oneof(value, fc.array(fc.oneof(fc.string(), value), { maxLength: 2 })),
          maxBytes: value,
          maxSourceBytes: value,
          instructionFileCandidates: fc.oneof(value, fc.array(fc.string(), { maxLength: 2 })),
          localInstructionFileCandidates: fc.oneof(value, fc.array(fc.oneof(fc.string(), value), { maxLength: 2 })),
          extra: value,
        },
        { requiredKeys: [] },
      ),
      value,
      fc.constant([]),
    );
    fc.assert(
      fc.property(input, (c) => {
        expect(outcome(() => reference.Config(structuredClone(c)))).toEqual(outcome(() => (upstream.Config as (x: unknown) => unknown)(structuredClone(c))));
      }),
      { seed: 11, numRuns: 500 },
    );
  });

  it('renderWorkspaceContext renders and budgets alike', () => {
    const files = fc.array(fc.tuple(fc.constantFrom('AGENTS.md', 'pkg/AGENTS.md', 'a/b/CLAUDE.md', 'p</system-reminder>/AGENTS.md', 'é/AGENTS.md'), fc.constantFrom(...CONTENTS)), { maxLength: 4 });
    fc.assert(
      fc.property(files, fc.integer({ min: -5, max: 1_200 }), fc.option(fc.boolean(), { nil: undefined }), (list, maxBytes, replace) => {
        const input = list.map(([displayPath, content], i) => ({ absolutePath: `/p/${i}`, displayPath, content }));
        const options = replace === undefined ? { maxBytes } : { maxBytes, replacePreviousBaseline: replace };
        const ours = reference.renderWorkspaceContext(structuredClone(input), options);
        expect(ours).toEqual(upstream.renderWorkspaceContext(structuredClone(input), options));
        if (ours.text.length > 0) expect(Buffer.byteLength(ours.text)).toBeLessThanOrEqual(maxBytes);
      }),
      { seed: 12, numRuns: 600 },
    );
  });

  for (const mode of ['virtual', 'real'] as const) {
    it(`loadBaselineInstructions and discovery agree (${mode} fs${mode === 'real' ? ', and Node fs over the same directory' : ''})`, async () => {
      await fc.assert(
        fc.asyncProperty(workspaceArb, configArb, fc.constantFrom('/proj', '/proj/pkg/app'), async (section, config, cwd) => {
          const restore = applyWorkspaceEnv({ HOME: '/home/u', DSH_HOME: null });
          const ws = createWorkspace({ ...section, env: {}, provider: true }, mode);
          try {
            const options = { ...config, cwd };
            const expected = await outcomeAsync(() => upstream.loadBaselineInstructions(structuredClone(options) as never, ws.fs));
            const actual = await outcomeAsync(() => reference.loadBaselineInstructions(structuredClone(options) as never, ws.fs));
            expect(actual).toEqual(expected);
            if (ws.realRoot !== undefined) {
              // Node path: real absolute paths under the temporary root.
              const real = (p: string) => (p.startsWith('~') ? p : `${ws.realRoot}${p}`);
              const nodeOptions = { ...options, cwd: real(cwd), dshHome: real(config.dshHome) };
              for (const fn of ['discoverBaselineInstructionFiles', 'loadBaselineInstructions'] as const) {
                const e = await outcomeAsync(() => (upstream[fn] as (o: unknown) => Promise<unknown>)(structuredClone(nodeOptions)));
                const a = await outcomeAsync(() => (reference[fn] as (o: unknown) => Promise<unknown>)(structuredClone(nodeOptions)));
                expect(a).toEqual(e);
              }
            }
          } finally {
            ws.dispose();
            restore();
          }
        }),
        { seed: mode === 'real' ? 13 : 14, numRuns: mode === 'real' ? 40 : 150 },
      );
    });
  }
});
