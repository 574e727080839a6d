import fc from 'fast-check';
import type { SourceName } from '../../spec/revisions.js';
import { EXAMPLE_PANE, tmuxStates } from '../host/services/shell.js';
import { arbitraryFor } from '../properties/index.js';
import { sessionArbitrary, type SourceIngredients } from '../properties/session-arbitrary.js';
import type { Action } from '../scenario/schema.js';
import type { ScenarioInputs } from './executor.js';

/**
 * Generated sessions for the contributor suite: the generic agent-loop scripts of the property runs
 * (prompts on both lanes, clock moves including backwards, pre-steps with every downstream decision —
 * enter, reject, throw, abort, a pre-aborted signal — compaction, restarts) with the services a
 * contributor commonly uses: a workspace the fs service serves (read/write/edit/grep/glob tool calls,
 * files changing, injected I/O faults), other sessions for sessionQuery (reads that fail), sometimes
 * the stub shell. Each generated session has its own session id ("several sessions"). An official
 * source is driven by its own property ingredients instead, so its services are the ones it needs.
 */

const FILES = ['/proj/README.md', '/proj/notes.md', '/proj/src/main.ts'] as const;
const SETTLE: Action = { do: 'settle' };

const file = fc.constantFrom(...FILES);
const toolCall = fc.oneof(
  file.map((path) => ({ name: 'read', arguments: { file_path: path }, result: `contents of ${path}` })),
  fc.tuple(file, fc.string({ maxLength: 12 })).map(([path, content]) => ({ name: 'write', arguments: { file_path: path, content } })),
  file.map((path) => ({ name: 'edit', arguments: { file_path: path, old_string: 'a', new_string: 'b' } })),
  fc.constantFrom('TODO', 'export').map((pattern) => ({ name: 'grep', arguments: { pattern, path: '/proj' }, result: `/proj/src/main.ts:1:${pattern}` })),
  fc.constantFrom('**/*.md', 'src/*.ts').map((pattern) => ({ name: 'glob', arguments: { pattern }, result: '/proj/README.md\n/proj/notes.md' })),
  fc.constant({ name: 'read', arguments: { file_path: '/proj/missing.md' }, isError: true, result: 'no such file' }),
);

const workspaceChange = fc.oneof(
  fc.tuple(file, fc.string({ maxLength: 12 })).map(([path, content]) => ({ op: 'write' as const, path, content })),
  file.map((path) => ({ op: 'fault' as const, path, kinds: ['read' as const, 'stat' as const] })),
  file.map((path) => ({ op: 'fault' as const, path, kinds: [] })),
  file.map((path) => ({ op: 'remove' as const, path })),
);

const OTHER = 'session-contributor-other';
const sessionsChange = fc.constantFrom({ kind: 'ok' as const }, { kind: 'throw' as const, message: 'store offline' }).map((read) => ({ op: 'read' as const, sessionId: OTHER, read }));

const env = fc.record({
  faults: fc.oneof({ weight: 3, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: fc.constant({ '/proj/notes.md': ['read' as const] }) }, { weight: 1, arbitrary: file.map((path) => ({ [path]: ['read' as const] })) }),
  shell: fc.oneof({ weight: 3, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) }),
}).map(({ faults, shell }) => ({
  workspace: { files: { '/proj/README.md': '# project\n', '/proj/notes.md': 'remember: tabs\n', '/proj/src/main.ts': 'export const a = 1;\n' }, dirs: ['/proj/.git'], faults },
  sessions: { sessions: [{ header: { id: OTHER, cwd: '/proj' }, log: [] }] },
  ...(shell ? { tmux: { state: tmuxStates.inPane(EXAMPLE_PANE) } } : {}),
}));

export const contributorIngredients: Partial<SourceIngredients> = {
  promptText: fc.constantFrom('hi', 'what changed?', 'see @notes', 'continue', ''),
  env,
  extraWeight: 3,
  extraActions: [
    // A whole working step: steer, pre-step, tool calls (so tools/result listeners see them), next pre-step.
    fc.array(toolCall, { minLength: 1, maxLength: 2 }).map((calls): Action[] => [
      { do: 'prompt', lane: 'next-step', message: { text: 'work' } },
      { do: 'pre-step' },
      { do: 'request' },
      { do: 'assistant', toolCalls: calls },
      SETTLE,
      { do: 'pre-step' },
    ]),
    // A working step: its tool calls, then let background work (projections) finish.
    fc.array(toolCall, { minLength: 1, maxLength: 2 }).map((calls): Action[] => [{ do: 'request' }, { do: 'assistant', toolCalls: calls }, SETTLE]),
    fc.array(workspaceChange, { minLength: 1, maxLength: 2 }).map((cs): Action[] => cs.map((change): Action => ({ do: 'env', section: 'workspace', change }))),
    sessionsChange.map((change): Action => ({ do: 'env', section: 'sessions', change })),
    // Compacted between turns, so the next pre-step of a fresh instance sees a compacted log.
    fc.nat({ max: 1 }).map((keepLast): Action[] => [{ do: 'turn-end' }, { do: 'compact', keepLast }]),
  ],
};

/** Sessions for a plugin that is none of the four sources. */
export function contributorSessions(): fc.Arbitrary<ScenarioInputs> {
  // sessionArbitrary names the session after a source; give every generated session its own id.
  return fc.tuple(sessionArbitrary('agent-instructions', contributorIngredients), fc.integer({ min: 1, max: 9 })).map(([s, n]) => ({
    ...s,
    env: { ...s.env, header: { ...s.env.header, id: `session-contributor-${n}` } },
  }));
}

/** Sessions for a plugin: an official source's own property sessions, or the contributor sessions. */
export async function sessionsFor(source: SourceName | 'contributor'): Promise<fc.Arbitrary<ScenarioInputs>> {
  return source === 'contributor' ? contributorSessions() : await arbitraryFor(source);
}
