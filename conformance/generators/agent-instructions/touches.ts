import type { ScenarioDraft } from '../../scenario/draft.js';
import { BASE, CONFIG, PKG, ROOT, draft, env, expecting, fail, fs, loaded, preStep, prompt, read, settle, toolTurn, turn, workspace, write } from './dsl.js';

/**
 * Touches beyond a first `read`: first touches through `write` and `edit`, relative paths against the
 * session cwd, touches around a restart (an open step seeded from history, a projection still pending
 * when the instance is disposed), a tool signal that ends after its result, another listener's
 * `additionalContexts`, overlays and unreadable nested files, and two sessions in one host.
 */
const files = { '/proj/AGENTS.md': ROOT, '/proj/pkg/AGENTS.md': PKG, '/proj/pkg/src/index.ts': 'export {}' };

export function touches(): ScenarioDraft[] {
  return [
    ...(['write', 'edit'] as const).map((tool) =>
      draft({
        category: 'dynamic',
        title: `a first touch through ${tool} attaches the nested instructions`,
        rules: ['AI-REQ-11'],
        env: env(workspace(files)),
        actions: toolTurn([{ name: tool, arguments: { file_path: '/proj/pkg/src/index.ts' } }]),
        check: expecting({ changes: [['set AGENTS.md'], ['set pkg/AGENTS.md']] }),
      }),
    ),
    draft({
      category: 'dynamic',
      title: 'a relative file_path on a first touch resolves against the session cwd, not the project root',
      rules: ['AI-REQ-11'],
      env: env(workspace({ '/proj/AGENTS.md': ROOT, '/proj/pkg/sub/AGENTS.md': 'Sub of pkg.', '/proj/sub/AGENTS.md': 'Sub of the root: wrong base.', '/proj/pkg/sub/x.ts': 'x' }), '/proj/pkg'),
      actions: toolTurn([read('sub/x.ts')]),
      check: expecting({ changes: [['set AGENTS.md'], ['set pkg/sub/AGENTS.md']], excludes: ['wrong base'] }),
    }),
    draft({
      category: 'restart',
      title: 'tools/result right after a restart inside an open step waits for step/end (the open step is seeded from history)',
      rules: ['AI-REQ-11', 'AI-REQ-13'],
      env: env(workspace(files)),
      actions: [
        prompt(),
        preStep(),
        { do: 'request' },
        { do: 'restart' },
        { do: 'assistant', toolCalls: [read('/proj/pkg/src/index.ts')] as never },
        settle,
        write('/proj/pkg/AGENTS.md', `${PKG} Edited later in the step.`),
        { do: 'step-end' },
        settle,
        preStep(),
      ],
      check: expecting({ changes: [['set AGENTS.md'], ['set pkg/AGENTS.md']], contains: [[], ['Edited later in the step.']] }),
    }),
    draft({
      category: 'restart',
      title: 'a touch still pending when a restart disposes the instance is abandoned: no warning, nothing queued by the old instance',
      rules: ['AI-REQ-11', 'AI-REQ-12'],
      env: env(workspace(files, { faults: { '/proj/pkg/AGENTS.md': ['hang'] } })),
      actions: [...turn(), { do: 'tool-result', call: read('/proj/pkg/src/index.ts') }, settle, { do: 'restart' }, fs({ op: 'fault', path: '/proj/pkg/AGENTS.md', kinds: [] }), settle, ...turn()],
      check: expecting({ changes: [['set AGENTS.md']] }),
    }),
    draft({
      category: 'dynamic',
      title: 'a projection committed by a tool result still finishes after the tool signal ends',
      rules: ['AI-REQ-11', 'AI-REQ-12'],
      env: env(workspace(files)),
      actions: [...turn(), { do: 'tool-result', call: { ...read('/proj/pkg/src/index.ts'), abortAfterResult: true } }, settle, ...turn()],
      check: expecting({ changes: [['set AGENTS.md'], ['set pkg/AGENTS.md']] }),
    }),
    draft({
      category: 'ordering',
      title: "another listener's additionalContexts on the tool result are preserved; the workspace context is queued separately",
      rules: ['AI-REQ-11', 'AI-POS-1'],
      env: env(workspace(files)),
      actions: toolTurn([{ ...read('/proj/pkg/src/index.ts'), additionalContexts: [{ id: 'other-listener-context-1', text: 'context from another listener', source: { kind: 'plugin', plugin: 'other' } }] }]),
      check: expecting({
        changes: [['set AGENTS.md'], ['set pkg/AGENTS.md']],
        extra(actual) {
          if (!actual.rawLog.some((e) => (e.data as { id?: string }).id === 'other-listener-context-1')) fail('the other listener\'s context is missing');
        },
      }),
    }),
    draft({
      category: 'dynamic',
      title: 'a nested local overlay is absent when overlays are disabled',
      rules: ['AI-REQ-3', 'AI-REQ-11'],
      config: { ...CONFIG, localInstructionFileCandidates: [] },
      env: env(workspace({ ...files, '/proj/pkg/AGENTS.local.md': 'Overlay: not loaded.' })),
      actions: toolTurn([read('/proj/pkg/src/index.ts')]),
      check: expecting({ changes: [['set AGENTS.md'], ['set pkg/AGENTS.md']], excludes: ['Overlay: not loaded.'] }),
    }),
    draft({
      category: 'failure-containment',
      title: 'an unreadable nested file at first touch gives no (empty) context; it loads once readable',
      rules: ['AI-REQ-4', 'AI-REQ-11'],
      env: env(workspace({ ...files, '/proj/pkg/AGENTS.md': { content: PKG, unreadable: true } })),
      actions: [...toolTurn([read('/proj/pkg/src/index.ts')]), fs({ op: 'unreadable', path: '/proj/pkg/AGENTS.md', value: false }), ...toolTurn([read('/proj/pkg/src/index.ts')])],
      check: expecting({ changes: [['set AGENTS.md'], ['set pkg/AGENTS.md']] }),
    }),
    draft({
      category: 'discovery',
      title: 'two sessions with different cwds in one host stay isolated: each gets its own baseline and nested state',
      rules: ['AI-REQ-3', 'AI-REQ-11'],
      env: {
        ...env(workspace({ ...files, '/proj/app/AGENTS.md': 'App rule.', '/proj/app/x.ts': 'x' }), '/proj/pkg'),
        agents: [{ id: 'second-agent', header: { type: 'session', version: 0, id: 'second-session', createdAt: BASE, cwd: '/proj/app', delegationDepth: 0 } }],
      },
      actions: [...toolTurn([read('/proj/pkg/src/index.ts')]), { do: 'use', agent: 'second-agent' }, ...toolTurn([read('/proj/app/x.ts'), read('/proj/pkg/src/index.ts')]), { do: 'use', agent: 'session-agent-instructions' }, ...turn()],
      check: expecting({
        changes: [['set AGENTS.md', 'set pkg/AGENTS.md']],
        extra(actual) {
          const second = JSON.stringify((actual.observations.agents as Record<string, unknown>)['second-agent']);
          if (!second.includes('App rule.') || second.includes(PKG)) fail('the second session did not get its own baseline');
        },
      }),
    }),
  ];
}
