import type { ScenarioDraft } from '../../scenario/draft.js';
import { CONFIG, DSH, GLOBAL, HOME, PKG, ROOT, draft, enter, env, expecting, fail, loaded, preStep, prompt, read, turn, workspace } from './dsl.js';

/** Discovery: the baseline chain, candidates, homes, probes and reads (upstream §3.7 "Discovery"). */
export function discovery(): ScenarioDraft[] {
  return [
    draft({
      category: 'discovery',
      title: 'baseline order: user-global first, then root to cwd, base candidates then local overlays, each in configured order',
      rules: ['AI-REQ-3', 'AI-REQ-8'],
      env: env(
        workspace({
          [`${DSH}/AGENTS.md`]: GLOBAL,
          '/proj/AGENTS.md': ROOT,
          '/proj/CLAUDE.md': 'Claude rule.',
          '/proj/AGENTS.local.md': 'My local rule.',
          '/proj/packages/CLAUDE.md': 'Packages rule.',
          '/proj/packages/app/AGENTS.md': 'App rule.',
          '/proj/other/AGENTS.md': 'Never loaded: not on the path to cwd.',
        }),
        '/proj/packages/app',
      ),
      actions: turn(),
      expectOutcomes: [loaded, enter(1, 2)],
      check: expecting({
        changes: [['set ~/.dsh/AGENTS.md', 'set AGENTS.md', 'set CLAUDE.md', 'set AGENTS.local.md', 'set packages/CLAUDE.md', 'set packages/app/AGENTS.md']],
        excludes: ['Never loaded'],
      }),
    }),
    draft({
      category: 'discovery',
      title: 'an empty local candidate list disables overlays',
      rules: ['AI-REQ-3'],
      config: { ...CONFIG, localInstructionFileCandidates: [] },
      env: env(workspace({ '/proj/AGENTS.md': ROOT, '/proj/AGENTS.local.md': 'local', '/proj/CLAUDE.local.md': 'local 2' })),
      actions: turn(),
      check: expecting({ changes: [['set AGENTS.md']] }),
    }),
    draft({
      category: 'discovery',
      title: 'a .git file is a root marker: nothing above the worktree root loads',
      rules: ['AI-REQ-3'],
      env: env({ files: { '/work/AGENTS.md': 'Above the root.', '/work/proj/.git': 'gitdir: /work/.git/worktrees/proj', '/work/proj/AGENTS.md': ROOT, '/work/.git/HEAD': 'ref' }, env: { HOME, DSH_HOME: null } }, '/work/proj'),
      actions: turn(),
      check: expecting({ changes: [['set AGENTS.md']], excludes: ['Above the root.'] }),
    }),
    draft({
      category: 'discovery',
      title: 'configured candidate order wins over a hard-coded AGENTS.md priority; invalid names are ignored',
      rules: ['AI-REQ-2', 'AI-REQ-3'],
      config: { ...CONFIG, instructionFileCandidates: ['CLAUDE.local.md', 'AGENTS.md', '../AGENTS.md', 'a/b.md', '', '.', '..', 'CLAUDE.md'], localInstructionFileCandidates: [] },
      env: env(workspace({ '/proj/AGENTS.md': ROOT, '/proj/CLAUDE.md': 'Claude.', '/proj/CLAUDE.local.md': 'Claude local.', '/AGENTS.md': 'Outside.' })),
      actions: turn(),
      check: expecting({ changes: [['set CLAUDE.local.md', 'set AGENTS.md', 'set CLAUDE.md']], excludes: ['Outside.'] }),
    }),
    draft({
      category: 'discovery',
      title: 'without a root marker, cwd is the root: parent directories do not load',
      rules: ['AI-REQ-3'],
      env: env({ files: { '/proj/AGENTS.md': ROOT, '/proj/pkg/AGENTS.md': PKG }, env: { HOME, DSH_HOME: null } }, '/proj/pkg'),
      actions: turn(),
      check: expecting({ changes: [['set AGENTS.md']], contains: [['Instructions from: AGENTS.md', PKG]], excludes: [ROOT] }),
    }),
    draft({
      category: 'discovery',
      title: '$DSH_HOME is honoured when dshHome is not configured, and labelled $DSH_HOME/AGENTS.md',
      rules: ['AI-REQ-2'],
      config: { maxBytes: 32_768 },
      env: env(workspace({ '/opt/dsh/AGENTS.md': GLOBAL, [`${DSH}/AGENTS.md`]: 'Default home, not used.', '/proj/AGENTS.md': ROOT }, { env: { DSH_HOME: '/opt/dsh' } })),
      actions: turn(),
      check: expecting({ changes: [['set $DSH_HOME/AGENTS.md', 'set AGENTS.md']], excludes: ['Default home'] }),
    }),
    draft({
      category: 'discovery',
      title: 'the default home (~/.dsh) is used when nothing is configured and a blank $DSH_HOME is ignored',
      rules: ['AI-REQ-2'],
      config: { maxBytes: 32_768 },
      env: env(workspace({ [`${DSH}/AGENTS.md`]: GLOBAL, '/proj/AGENTS.md': ROOT }, { env: { DSH_HOME: '   ' } })),
      actions: turn(),
      check: expecting({ changes: [['set ~/.dsh/AGENTS.md', 'set AGENTS.md']] }),
    }),
    draft({
      category: 'discovery',
      title: 'a configured ~/.dsh is expanded against the OS home',
      rules: ['AI-REQ-2'],
      config: { dshHome: '~/.dsh', maxBytes: 32_768 },
      env: env(workspace({ [`${DSH}/AGENTS.md`]: GLOBAL })),
      actions: turn(),
      check: expecting({ changes: [['set ~/.dsh/AGENTS.md']] }),
    }),
    draft({
      category: 'discovery',
      title: 'a dshHome equal to the project root yields the shared file once, as user-global',
      rules: ['AI-REQ-3'],
      config: { dshHome: '/proj', maxBytes: 32_768 },
      env: env(workspace({ '/proj/AGENTS.md': ROOT })),
      actions: turn(),
      check: expecting({ changes: [['set $DSH_HOME/AGENTS.md']] }),
    }),
    draft({
      category: 'discovery',
      title: 'directory candidates and a symlink to a directory are skipped; a symlinked file is followed',
      rules: ['AI-REQ-4'],
      env: env(workspace({ '/shared/rules.md': 'Shared rule via symlink.', '/proj/pkg/x.ts': 'x' }, { dirs: ['/proj/.git', '/proj/AGENTS.md'], symlinks: { '/proj/CLAUDE.md': '/shared/rules.md', '/proj/AGENTS.local.md': '/proj/pkg' } })),
      actions: turn(),
      check: expecting({ changes: [['set CLAUDE.md']], contains: [['Shared rule via symlink.']] }),
    }),
    draft({
      category: 'failure-containment',
      title: 'an unreadable file, a failing stat and a failing resolve each skip only that candidate',
      rules: ['AI-REQ-4'],
      env: env(
        workspace(
          { '/proj/AGENTS.md': { content: 'Unreadable.', unreadable: true }, '/proj/CLAUDE.md': 'Stat fails.', '/proj/AGENTS.local.md': 'Resolve fails.', '/proj/CLAUDE.local.md': 'The sibling that loads.' },
          { faults: { '/proj/CLAUDE.md': ['stat'], '/proj/AGENTS.local.md': ['resolve'] } },
        ),
      ),
      actions: turn(),
      check: expecting({ changes: [['set CLAUDE.local.md']], excludes: ['Unreadable.', 'Stat fails.', 'Resolve fails.'] }),
    }),
    draft({
      category: 'failure-containment',
      title: 'a failing root-marker lookup counts as absent (cwd becomes the root)',
      rules: ['AI-REQ-3'],
      env: env(workspace({ '/proj/AGENTS.md': ROOT, '/proj/pkg/AGENTS.md': PKG }, { faults: { '/proj/.git': ['resolve'] } }), '/proj/pkg'),
      actions: turn(),
      check: expecting({ changes: [['set AGENTS.md']], contains: [[PKG]], excludes: [ROOT] }),
    }),
    draft({
      category: 'budget',
      title: 'the provider size check skips an oversize file without reading it; an unknown size still loads, streaming bounded',
      rules: ['AI-REQ-4'],
      config: { ...CONFIG, maxSourceBytes: 12 },
      env: env(
        workspace(
          { '/proj/AGENTS.md': 'This file is far too large.', '/proj/CLAUDE.md': { content: 'Also far too large, size unknown.', size: null }, '/proj/AGENTS.local.md': { content: 'Small: loads', size: null } },
          { chunkSize: 4, observe: ['streams', 'chunks'] },
        ),
      ),
      actions: turn(),
      check: expecting({
        changes: [['set AGENTS.local.md']],
        extra(actual) {
          const obs = actual.observations.workspace as { streams: string[]; chunks: number };
          if (obs.streams.includes('/proj/AGENTS.md')) fail('the oversize file with a known size was read');
          // 12-byte cap, 4-character chunks: the unknown-size file is abandoned after its 4th chunk.
          if (obs.chunks > 3 + 4) fail(`${obs.chunks} chunks consumed: streaming is not bounded`);
        },
      }),
    }),
    draft({
      category: 'discovery',
      title: 'one pass probes every candidate once (no repeated metadata probe)',
      rules: ['AI-REQ-4'],
      env: env(workspace({ '/proj/AGENTS.md': ROOT, '/proj/pkg/AGENTS.md': PKG, [`${DSH}/AGENTS.md`]: GLOBAL }, { observe: ['stats', 'streams'] }), '/proj/pkg'),
      actions: [prompt(), preStep()],
      check: expecting({
        extra(actual) {
          const { stats, streams } = actual.observations.workspace as { stats: string[]; streams: string[] };
          const nonMarker = stats.filter((s) => !s.endsWith('/.git'));
          if (new Set(nonMarker).size !== nonMarker.length) fail(`a candidate was probed twice in one pass: ${JSON.stringify(stats)}`);
          if (new Set(streams).size !== streams.length) fail(`a file was read twice: ${JSON.stringify(streams)}`);
        },
      }),
    }),
    draft({
      category: 'discovery',
      title: 'trimmed-identical siblings collapse to the earliest (original bytes); identical files in different directories do not',
      rules: ['AI-REQ-5'],
      env: env(workspace({ '/proj/AGENTS.md': `${ROOT}\n`, '/proj/CLAUDE.md': `  ${ROOT}  `, '/proj/pkg/AGENTS.md': ROOT }), '/proj/pkg'),
      actions: turn(),
      check: expecting({ changes: [['set AGENTS.md', 'set pkg/AGENTS.md']], contains: [[`Instructions from: AGENTS.md\n\n${ROOT}\n\n\nInstructions from: pkg/AGENTS.md`]] }),
    }),
    draft({
      category: 'discovery',
      title: 'a missing metadata size still loads',
      rules: ['AI-REQ-4'],
      env: env(workspace({ '/proj/AGENTS.md': { content: ROOT, size: null } })),
      actions: turn(),
      check: expecting({ changes: [['set AGENTS.md']] }),
    }),
  ];
}
