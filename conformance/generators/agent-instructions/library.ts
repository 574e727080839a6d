import type { ScenarioDraft } from '../../scenario/draft.js';
import { DSH, PKG, ROOT, draft, env, fail, workspace } from './dsl.js';

/**
 * The package's library exports (`loadBaselineInstructions`, `renderWorkspaceContext`), called
 * directly with the host's `fs` service as the provider; results are observations (`calls`).
 */
const fsProvider = { $host: 'service', name: 'fs' };
const options = (extra: Record<string, unknown> = {}) => ({ cwd: '/proj/pkg', dshHome: DSH, maxBytes: 32_768, ...extra });
const files = [
  { absolutePath: '/proj/AGENTS.md', displayPath: 'AGENTS.md', content: ROOT },
  { absolutePath: '/proj/pkg/AGENTS.md', displayPath: 'pkg/AGENTS.md', content: PKG },
];

export function library(): ScenarioDraft[] {
  return [
    draft({
      category: 'discovery',
      title: 'loadBaselineInstructions reads provider-only files through the given fs, without a signal',
      rules: ['AI-REQ-3', 'AI-REQ-6'],
      env: env(workspace({ '/proj/AGENTS.md': ROOT, '/proj/pkg/AGENTS.md': PKG, [`${DSH}/AGENTS.md`]: 'Global.' }, { observe: ['streams'] }), '/proj/pkg'),
      actions: [{ do: 'library', export: 'loadBaselineInstructions', args: [options(), fsProvider] }],
      check: (actual) => {
        const [call] = actual.observations.calls as Array<{ result?: { text: string } }>;
        if (!call.result?.text.includes('Instructions from: pkg/AGENTS.md')) fail(`library result ${JSON.stringify(call)}`);
      },
    }),
    draft({
      category: 'config',
      title: 'loadBaselineInstructions gives undefined for maxBytes 0, maxSourceBytes 0 and a negative maxSourceBytes',
      rules: ['AI-REQ-1'],
      env: env(workspace({ '/proj/AGENTS.md': ROOT })),
      actions: [
        { do: 'library', export: 'loadBaselineInstructions', args: [options({ maxBytes: 0 }), fsProvider] },
        { do: 'library', export: 'loadBaselineInstructions', args: [options({ maxSourceBytes: 0 }), fsProvider] },
        { do: 'library', export: 'loadBaselineInstructions', args: [options({ maxSourceBytes: -1 }), fsProvider] },
      ],
      check: (actual) => {
        if ((actual.observations.calls as Array<{ returned?: string }>).some((c) => c.returned !== 'undefined')) fail(JSON.stringify(actual.observations.calls));
      },
    }),
    draft({
      category: 'budget',
      title: 'renderWorkspaceContext: a disabled budget omits every file with empty text; a tight one omits the broadest first',
      rules: ['AI-REQ-7'],
      env: env(workspace({})),
      actions: [
        { do: 'library', export: 'renderWorkspaceContext', args: [files, { maxBytes: 0 }] },
        { do: 'library', export: 'renderWorkspaceContext', args: [files, { maxBytes: 330 }] },
      ],
      check: (actual) => {
        const [disabled] = actual.observations.calls as Array<{ result?: { text: string; omitted: unknown[]; truncated: unknown[] } }>;
        if (disabled.result?.text !== '' || disabled.result.omitted.length !== 2 || disabled.result.truncated.length !== 0) fail(JSON.stringify(disabled));
      },
    }),
  ];
}
