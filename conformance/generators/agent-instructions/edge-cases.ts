import type { ScenarioDraft } from '../../scenario/draft.js';
import { CONFIG, DSH, HOME, PKG, ROOT, draft, enter, env, expecting, fail, fs, loaded, prompt, read, remove, toolTurn, turn, workspace, write } from './dsl.js';
import { recordedHistory } from './history.js';

/**
 * Upstream cases no earlier fixture expressed: homes and candidates that do not exist, the framed
 * compact intro, a truncated dynamic replace, files leaving the budget set or the disk, a stale nested
 * change in prior history, and a read that never answers.
 */
export async function edgeCases(): Promise<ScenarioDraft[]> {
  const nested = { '/proj/AGENTS.md': ROOT, '/proj/pkg/AGENTS.md': PKG, '/proj/pkg/src/index.ts': 'x' };
  const staleWorld = { config: CONFIG, env: env(workspace(nested)) };
  return [
    draft({
      category: 'discovery',
      title: 'a dshHome that is a regular file is absent (ENOTDIR), not an error: the project files still load',
      rules: ['AI-REQ-2', 'AI-REQ-4'],
      config: { ...CONFIG, dshHome: `${HOME}/dsh-file` },
      env: env(workspace({ [`${HOME}/dsh-file`]: 'not a directory', '/proj/AGENTS.md': ROOT })),
      actions: turn(),
      expectOutcomes: [loaded, enter(1, 2)],
      check: expecting({ changes: [['set AGENTS.md']] }),
    }),
    draft({
      category: 'discovery',
      title: 'no candidate files: the request is left unchanged and nothing is queued',
      rules: ['AI-REQ-8'],
      env: env(workspace({ '/proj/src/index.ts': 'x' })),
      actions: [...turn(), { do: 'inbox', change: { op: 'observe' } }],
      expectOutcomes: [loaded, enter(1, 1)],
      check: expecting({ changes: [] }),
    }),
    draft({
      category: 'budget',
      title: 'an empty most-specific file is represented through the framed compact intro (300 B)',
      rules: ['AI-REQ-7', 'AI-FRAME-1', 'AI-BUDGET-1'],
      config: { ...CONFIG, maxBytes: 300 },
      env: env(workspace({ '/proj/AGENTS.md': 'r'.repeat(1000), '/proj/pkg/AGENTS.md': '' }), '/proj/pkg'),
      actions: turn(),
      check: expecting({
        changes: [['set pkg/AGENTS.md']],
        contains: [['<system-reminder>\n', 'Workspace instructions were omitted or truncated to fit the configured byte budget.', 'Instructions from: pkg/AGENTS.md']],
      }),
    }),
    draft({
      category: 'budget',
      title: 'a dynamic replace that does not fit is truncated within the budget (400 B) and still commits',
      rules: ['AI-REQ-7', 'AI-REQ-10', 'AI-BUDGET-1'],
      config: { ...CONFIG, maxBytes: 400 },
      env: env(workspace({ '/proj/pkg/AGENTS.md': PKG, '/proj/pkg/src/index.ts': 'x' })),
      actions: [...toolTurn([read('/proj/pkg/src/index.ts')]), write('/proj/pkg/AGENTS.md', 'q'.repeat(2000)), ...toolTurn([read('/proj/pkg/src/index.ts')])],
      check: expecting({
        changes: [['set pkg/AGENTS.md'], ['replace pkg/AGENTS.md']],
        contains: [[], ['Updated instructions from: pkg/AGENTS.md', 'truncated pkg/AGENTS.md from 2000 to ']],
        extra(_a, ws) {
          if (Buffer.byteLength(ws[1].texts.join('')) > 400) fail('over budget');
        },
      }),
    }),
    draft({
      category: 'budget',
      title: 'a baseline file leaving the retained budget set is removed while the more specific file is set',
      rules: ['AI-REQ-7', 'AI-REQ-10', 'AI-SEQ-1'],
      config: { ...CONFIG, maxBytes: 700 },
      env: env(workspace({ '/proj/AGENTS.md': 'r'.repeat(300) }), '/proj/pkg'),
      actions: [...turn(), write('/proj/pkg/AGENTS.md', 'p'.repeat(300)), { do: 'restart' }, ...turn()],
      check: expecting({ changes: [['set AGENTS.md'], ['remove AGENTS.md', 'set pkg/AGENTS.md']] }),
    }),
    draft({
      category: 'dynamic',
      title: 'a baseline file deleted between turns gives remove with "Instructions removed: AGENTS.md" at the next entering step; a later touch still attaches',
      rules: ['AI-REQ-10', 'AI-HEAD-1', 'AI-SEQ-1'],
      env: env(workspace(nested)),
      actions: [...turn(), remove('/proj/AGENTS.md'), ...toolTurn([read('/proj/pkg/src/index.ts')])],
      check: expecting({
        changes: [['set AGENTS.md'], ['remove AGENTS.md'], ['set pkg/AGENTS.md']],
        contains: [[], ['Instructions removed: AGENTS.md\n\nThe previously loaded instructions from this file no longer apply.']],
      }),
    }),
    draft({
      ...staleWorld,
      category: 'restart',
      title: 'a stale nested set in prior history (its file deleted since) yields remove on the first entering step',
      rules: ['AI-REQ-10', 'AI-REQ-13', 'AI-SEQ-1'],
      env: env(workspace({ '/proj/AGENTS.md': ROOT, '/proj/pkg/src/index.ts': 'x' })),
      log: await recordedHistory(staleWorld, toolTurn([read('/proj/pkg/src/index.ts')])),
      actions: turn(),
      check: expecting({ changes: [['set AGENTS.md'], ['set pkg/AGENTS.md'], ['remove pkg/AGENTS.md']] }),
    }),
    draft({
      ...staleWorld,
      category: 'restart',
      title: 'an unchanged history is resumed without a new message (non-empty initial log)',
      rules: ['AI-REQ-13'],
      log: await recordedHistory(staleWorld, toolTurn([read('/proj/pkg/src/index.ts')])),
      actions: turn(),
      check: expecting({ changes: [['set AGENTS.md'], ['set pkg/AGENTS.md']] }),
    }),
    draft({
      category: 'failure-containment',
      title: 'the prompt signal aborts a baseline read that never answers: the turn ends aborted, nothing is recorded',
      rules: ['AI-REQ-4'],
      env: env(workspace({ '/proj/AGENTS.md': ROOT }, { faults: { '/proj/AGENTS.md': ['hang'] } })),
      actions: [prompt(), { do: 'pre-step', abortWhenStalled: true }, fs({ op: 'fault', path: '/proj/AGENTS.md', kinds: [] }), ...turn()],
      check: expecting({ changes: [['set AGENTS.md']] }),
    }),
    draft({
      category: 'config',
      title: 'maxBytes 0 plus a nested touch attaches nothing and queues nothing',
      rules: ['AI-REQ-1', 'AI-BUDGET-1'],
      config: { ...CONFIG, maxBytes: 0 },
      env: env(workspace(nested)),
      actions: [...toolTurn([read('/proj/pkg/src/index.ts')]), { do: 'tool-result', call: read('/proj/pkg/src/index.ts') }, { do: 'settle' }, { do: 'inbox', change: { op: 'observe' } }],
      check: expecting({ changes: [] }),
    }),
    draft({
      category: 'discovery',
      title: 'a user-global file under the default home and DSH_HOME unset loads first',
      rules: ['AI-REQ-2'],
      config: { maxBytes: 32_768 },
      env: env(workspace({ [`${DSH}/AGENTS.md`]: 'Global.', '/proj/AGENTS.md': ROOT, '/proj/pkg/AGENTS.md': PKG, '/proj/pkg/src/index.ts': 'x' })),
      actions: [...turn(), ...toolTurn([{ name: 'write', arguments: { file_path: '/proj/pkg/src/index.ts' } }])],
      check: expecting({ changes: [['set ~/.dsh/AGENTS.md', 'set AGENTS.md'], ['set pkg/AGENTS.md']] }),
    }),
  ];
}
