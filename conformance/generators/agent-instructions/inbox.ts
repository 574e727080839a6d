import type { ScenarioDraft } from '../../scenario/draft.js';
import { PKG, ROOT, draft, env, expecting, fail, fs, preStep, prompt, read, remove, settle, turn, workspace, write } from './dsl.js';

/**
 * Pending-context settlement (upstream "Inbox synchronisation"): what waits in the next-step inbox
 * between turns, across restarts, against file changes, beside another producer, and when the inbox
 * itself fails. The inbox is observed (`{do:'inbox', change:{op:'observe'}}`) with the same id
 * numbering as the log, so "the same message" is checked by id.
 */
const files = { '/proj/AGENTS.md': ROOT, '/proj/pkg/AGENTS.md': PKG, '/proj/pkg/src/index.ts': 'x', '/proj/lib/AGENTS.md': 'Lib rule.', '/proj/lib/a.ts': 'a' };
const observe = { do: 'inbox', change: { op: 'observe' } } as const;
const touch = (path: string) => ({ do: 'tool-result', call: read(path) }) as const;

export function inbox(): ScenarioDraft[] {
  return [
    draft({
      category: 'restart',
      title: 'an unadmitted baseline left in the inbox across a restart is reused with the same id',
      rules: ['AI-REQ-9', 'AI-REQ-12', 'AI-REQ-13'],
      env: env(workspace({ '/proj/AGENTS.md': ROOT })),
      actions: [prompt(), preStep({ kind: 'reject' }), observe, { do: 'restart' }, ...turn(), observe],
      check: expecting({
        changes: [['set AGENTS.md']],
        extra(actual) {
          const queued = (actual.rawLog.length, (actual.observations.calls as Array<{ result: { nextStep: Array<{ id: string }> } }>)[0].result.nextStep);
          const logged = actual.log.find((e) => (e.data as { source?: { kind?: string } }).source?.kind === 'agent-instructions')?.data as { id: string };
          if (queued.length !== 1 || queued[0].id !== logged.id) fail(`queued ${JSON.stringify(queued)}, logged ${logged?.id}`);
        },
      }),
    }),
    draft({
      category: 'dynamic',
      title: 'same-scope settlement against files: the pending set is replaced by the edit, then removed entirely by the deletion',
      rules: ['AI-REQ-12'],
      env: env(workspace(files)),
      actions: [...turn(), touch('/proj/pkg/src/index.ts'), settle, observe, write('/proj/pkg/AGENTS.md', `${PKG} v2`), touch('/proj/pkg/src/index.ts'), settle, observe, remove('/proj/pkg/AGENTS.md'), touch('/proj/pkg/src/index.ts'), settle, observe, ...turn()],
      check: expecting({
        changes: [['set AGENTS.md']],
        extra(actual) {
          const lanes = (actual.observations.calls as Array<{ result: { nextStep: unknown[] } }>).map((c) => c.result.nextStep.length);
          if (JSON.stringify(lanes) !== '[1,1,0]') fail(`pending counts ${JSON.stringify(lanes)}`);
        },
      }),
    }),
    draft({
      category: 'restart',
      title: 'a recovered pending context merges with a fresh scope into one pending context',
      rules: ['AI-REQ-12', 'AI-REQ-13'],
      env: env(workspace(files)),
      actions: [...turn(), touch('/proj/pkg/src/index.ts'), settle, { do: 'restart' }, touch('/proj/lib/a.ts'), settle, observe, ...turn()],
      check: expecting({ changes: [['set AGENTS.md'], ['set pkg/AGENTS.md', 'set lib/AGENTS.md']] }),
    }),
    draft({
      category: 'ordering',
      title: "another producer's next-step message beside a pending workspace context: both enter, the workspace context right after the claimed messages",
      rules: ['AI-REQ-9', 'AI-REQ-12'],
      env: env(workspace(files)),
      actions: [...turn(), touch('/proj/pkg/src/index.ts'), settle, { do: 'inbox', change: { op: 'push', lane: 'next-step', message: { id: 'other-producer-message-1', text: 'queued by another producer' } } }, ...turn()],
      check: expecting({ changes: [['set AGENTS.md'], ['set pkg/AGENTS.md']] }),
    }),
    draft({
      category: 'failure-containment',
      title: 'an inbox that rejects the queued projection warns "workspace instruction refresh failed" and the turn goes on',
      rules: ['AI-REQ-12'],
      env: env(workspace(files)),
      actions: [...turn(), { do: 'inbox', change: { op: 'fail', method: 'prepend', message: 'inbox closed' } }, touch('/proj/pkg/src/index.ts'), settle, ...turn()],
      check: (actual) => {
        if (!actual.warnings.some((w) => w.startsWith('workspace instruction refresh failed'))) fail(`warnings ${JSON.stringify(actual.warnings)}`);
      },
    }),
    draft({
      category: 'dynamic',
      title: 'a pending context whose file changed offline enters as claimed; its correction (replace) follows right after the claimed batch',
      rules: ['AI-REQ-9', 'AI-REQ-12'],
      env: env(workspace(files)),
      actions: [...turn(), touch('/proj/pkg/src/index.ts'), settle, write('/proj/pkg/AGENTS.md', `${PKG} corrected`), ...turn()],
      check: expecting({
        changes: [['set AGENTS.md'], ['set pkg/AGENTS.md'], ['replace pkg/AGENTS.md']],
        contains: [[], [], ['corrected']],
        extra(actual, ws) {
          const prompt = actual.rawLog.findLast((e) => (e.data as { source?: { kind?: string } }).source?.kind === 'user')!;
          if (!(ws[1].seq < prompt.seq && ws[2].seq === prompt.seq + 1)) fail('the correction does not follow the claimed batch');
        },
      }),
    }),
  ];
}
