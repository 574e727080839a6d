import type { ScenarioDraft } from '../../scenario/draft.js';
import { CONFIG, DSH, GLOBAL, PKG, ROOT, draft, env, expecting, fail, fs, loaded, read, remove, settle, toolTurn, turn, workspace, write } from './dsl.js';

/** Dynamic touches: nested instructions attached after tool results, transitions, failures, inbox. */
export function dynamic(): ScenarioDraft[] {
  const files = { '/proj/AGENTS.md': ROOT, '/proj/pkg/AGENTS.md': PKG, '/proj/pkg/src/index.ts': 'export {}', '/proj/top.ts': 'x' };
  return [
    draft({
      category: 'dynamic',
      title: 'a descendant read attaches the nested instructions after the enclosing step ends',
      rules: ['AI-REQ-11', 'AI-HEAD-1'],
      env: env(workspace(files)),
      actions: toolTurn([read('/proj/pkg/src/index.ts')]),
      check: expecting({ changes: [['set AGENTS.md'], ['set pkg/AGENTS.md']], contains: [[], ['Additional instructions from: pkg/AGENTS.md', 'These instructions apply to work under `pkg`.']] }),
    }),
    draft({
      category: 'dynamic',
      title: 'touches inside an open step wait for step/end: an edit later in the same step is what gets attached',
      rules: ['AI-REQ-11'],
      env: env(workspace(files)),
      actions: toolTurn([read('/proj/pkg/src/index.ts')], [write('/proj/pkg/AGENTS.md', `${PKG} Edited in the same step.`)]),
      check: expecting({ contains: [[], ['Edited in the same step.']] }),
    }),
    draft({
      category: 'dynamic',
      title: 'all nested candidates load in order, base then overlay; no repeat attachment once loaded',
      rules: ['AI-REQ-10', 'AI-REQ-11'],
      env: env(workspace({ ...files, '/proj/pkg/CLAUDE.md': 'Claude pkg.', '/proj/pkg/AGENTS.local.md': 'Local pkg.' })),
      actions: [...toolTurn([read('/proj/pkg/src/index.ts')]), ...toolTurn([read('pkg/src/index.ts')])],
      check: expecting({ changes: [['set AGENTS.md'], ['set pkg/AGENTS.md', 'set pkg/CLAUDE.md', 'set pkg/AGENTS.local.md']] }),
    }),
    draft({
      category: 'dynamic',
      title: 'an edit after loading gives the exact replace text; deletion gives remove; reappearance after the tombstone gives set',
      rules: ['AI-REQ-10', 'AI-SEQ-1', 'AI-HEAD-1'],
      env: env(workspace(files)),
      actions: [
        ...toolTurn([read('/proj/pkg/src/index.ts')]),
        write('/proj/pkg/AGENTS.md', `${PKG} v2`),
        ...toolTurn([{ name: 'edit', arguments: { file_path: '/proj/pkg/AGENTS.md' } }]),
        remove('/proj/pkg/AGENTS.md'),
        ...toolTurn([read('/proj/pkg/src/index.ts')]),
        write('/proj/pkg/AGENTS.md', PKG),
        ...toolTurn([{ name: 'write', arguments: { file_path: 'pkg/src/index.ts' } }]),
      ],
      check: expecting({
        changes: [['set AGENTS.md'], ['set pkg/AGENTS.md'], ['replace pkg/AGENTS.md'], ['remove pkg/AGENTS.md'], ['set pkg/AGENTS.md']],
        extra(_a, ws) {
          const replace = `<system-reminder>\nUpdated instructions from: pkg/AGENTS.md\n\nThis file changed after it was loaded. Use the following content instead of the previously loaded instructions from this file.\n\n${PKG} v2\n</system-reminder>`;
          if (ws[2].texts[0] !== replace) fail(`replace text ${JSON.stringify(ws[2].texts[0])}`);
          const removal = '<system-reminder>\nInstructions removed: pkg/AGENTS.md\n\nThe previously loaded instructions from this file no longer apply.\n</system-reminder>';
          if (ws[3].texts[0] !== removal) fail(`remove text ${JSON.stringify(ws[3].texts[0])}`);
        },
      }),
    }),
    draft({
      category: 'dynamic',
      title: 'a user-global edit is reported as replace of user-global\\0AGENTS.md',
      rules: ['AI-REQ-10', 'AI-SRC-3'],
      env: env(workspace({ ...files, [`${DSH}/AGENTS.md`]: GLOBAL })),
      actions: [...turn(), write(`${DSH}/AGENTS.md`, `${GLOBAL} Also polite.`), ...turn()],
      check: expecting({
        changes: [['set ~/.dsh/AGENTS.md', 'set AGENTS.md'], ['replace ~/.dsh/AGENTS.md']],
        extra(_a, ws) {
          if (ws[1].source.changes[0].scope !== 'user-global\u0000AGENTS.md') fail(`scope ${JSON.stringify(ws[1].source.changes[0].scope)}`);
        },
      }),
    }),
    draft({
      category: 'failure-containment',
      title: 'an unavailable active scope is never removed: no transition while it fails, none after it recovers',
      rules: ['AI-REQ-10'],
      env: env(workspace(files)),
      actions: [
        ...toolTurn([read('/proj/pkg/src/index.ts')]),
        fs({ op: 'fault', path: '/proj/pkg/AGENTS.md', kinds: ['resolve'] }),
        ...toolTurn([read('/proj/pkg/src/index.ts')]),
        fs({ op: 'fault', path: '/proj/pkg/AGENTS.md', kinds: [] }),
        fs({ op: 'unreadable', path: '/proj/AGENTS.md', value: true }),
        write('/proj/AGENTS.md', `${ROOT} changed while unreadable`),
        ...toolTurn([read('/proj/pkg/src/index.ts')]),
      ],
      check: expecting({ changes: [['set AGENTS.md'], ['set pkg/AGENTS.md']] }),
    }),
    draft({
      category: 'dynamic',
      title: 'version unchanged: the read is skipped (a same-version rewrite stays unseen); a new version with the same bytes only refreshes metadata',
      rules: ['AI-REQ-10'],
      env: env(workspace({ ...files, '/proj/pkg/AGENTS.md': { content: PKG, version: 'fixed' } }, { observe: ['streams'] })),
      actions: [
        ...toolTurn([read('/proj/pkg/src/index.ts')]),
        write('/proj/pkg/AGENTS.md', `${PKG} sneaky`, { version: 'fixed' }),
        ...toolTurn([read('/proj/pkg/src/index.ts')]),
        write('/proj/pkg/AGENTS.md', `${PKG} sneaky`),
        ...toolTurn([read('/proj/pkg/src/index.ts')]),
      ],
      check: expecting({ changes: [['set AGENTS.md'], ['set pkg/AGENTS.md'], ['replace pkg/AGENTS.md']] }),
    }),
    draft({
      category: 'dynamic',
      title: 'siblings are independent scopes; a new duplicate sibling is dropped; a sibling that converges is removed',
      rules: ['AI-REQ-5', 'AI-REQ-10'],
      env: env(workspace({ ...files, '/proj/pkg/CLAUDE.md': 'Claude pkg.' })),
      actions: [
        ...toolTurn([read('/proj/pkg/src/index.ts')]),
        write('/proj/pkg/AGENTS.local.md', `${PKG}\n`),
        remove('/proj/pkg/CLAUDE.md'),
        ...toolTurn([read('/proj/pkg/src/index.ts')]),
        write('/proj/pkg/CLAUDE.md', 'Claude pkg.'),
        ...toolTurn([read('/proj/pkg/src/index.ts')]),
        write('/proj/pkg/AGENTS.md', 'Claude pkg.'),
        ...toolTurn([read('/proj/pkg/src/index.ts')]),
      ],
      // The overlay (a trimmed duplicate of AGENTS.md) is dropped until AGENTS.md changes; then it is new.
      check: expecting({
        changes: [['set AGENTS.md'], ['set pkg/AGENTS.md', 'set pkg/CLAUDE.md'], ['remove pkg/CLAUDE.md'], ['set pkg/CLAUDE.md'], ['replace pkg/AGENTS.md', 'remove pkg/CLAUDE.md', 'set pkg/AGENTS.local.md']],
      }),
    }),
    draft({
      category: 'dynamic',
      title: 'a symlink retargeted to a directory is removed',
      rules: ['AI-REQ-10'],
      env: env(workspace({ ...files, '/shared/rules.md': 'Shared.' }, { symlinks: { '/proj/pkg/CLAUDE.md': '/shared/rules.md' } })),
      actions: [...toolTurn([read('/proj/pkg/src/index.ts')]), fs({ op: 'symlink', path: '/proj/pkg/CLAUDE.md', target: '/proj/pkg/src' }), ...toolTurn([read('/proj/pkg/src/index.ts')])],
      check: expecting({ changes: [['set AGENTS.md'], ['set pkg/AGENTS.md', 'set pkg/CLAUDE.md'], ['remove pkg/CLAUDE.md']] }),
    }),
    draft({
      category: 'dynamic',
      title: 'failed, aborted, agentless, non-file-tool, non-string and blank-path results are ignored; root-level and outside files attach nothing',
      rules: ['AI-REQ-11'],
      env: env(workspace(files)),
      actions: toolTurn([
        read('/proj/pkg/src/index.ts', { isError: true }),
        read('/proj/pkg/src/index.ts', { aborted: true }),
        read('/proj/pkg/src/index.ts', { agentless: true }),
        { name: 'bash', arguments: { file_path: '/proj/pkg/src/index.ts' } },
        { name: 'read', arguments: { file_path: 42 } },
        { name: 'read', arguments: {} },
        read('   '),
        read('/proj/top.ts'),
        read('/elsewhere/pkg/x.ts'),
      ]),
      check: expecting({ changes: [['set AGENTS.md']] }),
    }),
    draft({
      category: 'dynamic',
      title: 'a nested success is projected even when its composite parent is blocked; a successful read survives an aborted sibling',
      rules: ['AI-REQ-11'],
      env: env(workspace({ ...files, '/proj/lib/AGENTS.md': 'Lib rule.', '/proj/lib/a.ts': 'a' })),
      actions: toolTurn([
        { name: 'batch', arguments: {}, isError: true, children: [read('/proj/pkg/src/index.ts')] },
        read('/proj/lib/a.ts'),
        { name: 'edit', arguments: { file_path: '/proj/lib/a.ts' }, aborted: true },
      ]),
      check: expecting({ changes: [['set AGENTS.md'], ['set pkg/AGENTS.md', 'set lib/AGENTS.md']] }),
    }),
    draft({
      category: 'compaction',
      title: 'compaction re-arms a nested scope: the next touch announces it again with set',
      rules: ['AI-REQ-10', 'AI-REQ-13', 'AI-SEQ-3'],
      env: env(workspace(files)),
      actions: [...toolTurn([read('/proj/pkg/src/index.ts')]), { do: 'compact', keepLast: 0 }, ...toolTurn([read('/proj/pkg/src/index.ts')])],
      check: expecting({ changes: [['set AGENTS.md'], ['set pkg/AGENTS.md'], ['set AGENTS.md'], ['set pkg/AGENTS.md']] }),
    }),
    draft({
      category: 'dynamic',
      title: 'a touch outside any step is projected into the next-step inbox; concurrent touches serialise into one pending context',
      rules: ['AI-REQ-11', 'AI-REQ-12'],
      env: env(workspace({ ...files, '/proj/lib/AGENTS.md': 'Lib rule.', '/proj/lib/a.ts': 'a' })),
      actions: [...turn(), { do: 'tool-result', call: read('/proj/pkg/src/index.ts') }, { do: 'tool-result', call: read('/proj/lib/a.ts') }, settle, ...turn()],
      check: expecting({ changes: [['set AGENTS.md'], ['set pkg/AGENTS.md', 'set lib/AGENTS.md']] }),
    }),
    draft({
      category: 'budget',
      title: 'a nested file that cannot be represented is held back and retried on the next touch',
      rules: ['AI-REQ-7', 'AI-REQ-11'],
      config: { ...CONFIG, maxBytes: 60 },
      env: env(workspace({ '/proj/pkg/AGENTS.md': PKG, '/proj/pkg/src/index.ts': 'x' }, { observe: ['streams'] })),
      actions: [...toolTurn([read('/proj/pkg/src/index.ts')]), ...toolTurn([read('/proj/pkg/src/index.ts')])],
      check: expecting({
        changes: [],
        extra(actual) {
          const { streams } = actual.observations.workspace as { streams: string[] };
          if (streams.filter((s) => s === '/proj/pkg/AGENTS.md').length < 2) fail('the held-back file was not retried');
        },
      }),
    }),
    draft({
      category: 'parsing',
      title: 'markdown headings and front matter inside content are not parsed as metadata',
      rules: ['AI-REQ-10'],
      env: env(workspace({ ...files, '/proj/pkg/AGENTS.md': '---\nscope: .\naction: remove\n---\n# Instructions removed: AGENTS.md\n\nUpdated instructions from: AGENTS.md' })),
      actions: [...toolTurn([read('/proj/pkg/src/index.ts')]), ...turn()],
      check: expecting({ changes: [['set AGENTS.md'], ['set pkg/AGENTS.md']] }),
    }),
    draft({
      category: 'restart',
      title: 'an offline nested edit on resume produces replace; resumed history is not duplicated',
      rules: ['AI-REQ-13'],
      env: env(workspace(files)),
      actions: [...toolTurn([read('/proj/pkg/src/index.ts')]), { do: 'restart' }, write('/proj/pkg/AGENTS.md', `${PKG} offline`), ...turn(), ...turn()],
      check: expecting({ changes: [['set AGENTS.md'], ['set pkg/AGENTS.md'], ['replace pkg/AGENTS.md']] }),
    }),
  ];
}
