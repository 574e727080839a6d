import fc from 'fast-check';
import type { DriveAction, DriveInput } from './drive.js';

/**
 * fast-check arbitraries for agent-instructions worlds: the property suite's workspace, config,
 * tool calls and file changes (conformance/properties/agent-instructions.ts, one definition for
 * both), driven by a sequence of host actions (prompts, pre-steps with downstream decisions, tool
 * touches, file edits, compaction, restart, reconfiguration).
 */

export { DIRS, NAMES, CONTENTS, configArb, workspaceArb } from '../../properties/agent-instructions.js';
import { HOT, change, configArb, content, toolCall, toolCallWithChildren, workspaceArb } from '../../properties/agent-instructions.js';

const downstream = fc.oneof(
  { weight: 8, arbitrary: fc.constant({ kind: 'default' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reject' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'enter' as const, add: [{ text: 'downstream note' }] }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'abort' as const }) },
);

/** One step of a session: a group of actions that keeps the host's lifecycle legal. */
const actionGroup: fc.Arbitrary<DriveAction[]> = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(fc.boolean(), downstream).map(([prompt, d]): DriveAction[] => [...(prompt ? [{ do: 'prompt', message: { text: 'user prompt' } } as DriveAction] : []), { do: 'pre-step', downstream: d } as DriveAction]) },
  {
    weight: 4,
    arbitrary: fc.tuple(fc.array(toolCallWithChildren, { minLength: 1, maxLength: 3 }), fc.boolean()).map(([calls, end]): DriveAction[] => [
      { do: 'prompt', message: { text: 'work' }, lane: 'next-step' } as DriveAction,
      { do: 'pre-step' } as DriveAction,
      { do: 'request' } as DriveAction,
      { do: 'assistant', toolCalls: calls } as DriveAction,
      ...(end ? [{ do: 'step-end' } as DriveAction] : []),
    ]),
  },
  { weight: 2, arbitrary: toolCall.map((call): DriveAction[] => [{ do: 'turn-end' } as DriveAction, { do: 'tool-result', call }]) },
  { weight: 4, arbitrary: fc.array(change, { minLength: 1, maxLength: 3 }).map((cs): DriveAction[] => cs.map((c) => ({ do: 'env', section: 'workspace', change: c }) as DriveAction)) },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 }).map((keepLast): DriveAction[] => [{ do: 'turn-end' } as DriveAction, { do: 'compact', keepLast }]) },
  { weight: 1, arbitrary: fc.constant<DriveAction[]>([{ do: 'restart' } as DriveAction]) },
  { weight: 1, arbitrary: configArb.map((config): DriveAction[] => [{ do: 'turn-end' } as DriveAction, { do: 'reconfigure', config }]) },
);

export const actionsArb = fc.array(actionGroup, { minLength: 2, maxLength: 9 }).map((groups) => groups.flat());

export const worldArb: fc.Arbitrary<Omit<DriveInput, 'mode'>> = fc
  .record({ workspace: workspaceArb, config: configArb, cwd: fc.constantFrom('/proj', '/proj', '/proj/pkg', '/proj/pkg/app'), actions: actionsArb })
  .map((w) => ({
    ...w,
    // Open with a prompt and close with a final step, so late edits and touches are observed.
    actions: [
      { do: 'prompt', message: { text: 'start' } } as DriveAction,
      ...w.actions,
      { do: 'turn-end' } as DriveAction,
      { do: 'prompt', message: { text: 'final' } } as DriveAction,
      { do: 'pre-step' } as DriveAction,
    ],
  }));

/**
 * An edit-heavy world: every hot path starts as a file, the budget is comfortable, and the session
 * alternates edits, removals, symlink retargets and touches with steps, so `replace`, `remove`,
 * tombstone re-`set`s and sibling convergence are common.
 */
const editGroup: fc.Arbitrary<DriveAction[]> = fc.oneof(
  { weight: 3, arbitrary: fc.array(change, { minLength: 1, maxLength: 2 }).map((cs): DriveAction[] => cs.map((c) => ({ do: 'env', section: 'workspace', change: c }) as DriveAction)) },
  { weight: 3, arbitrary: fc.constant<DriveAction[]>([{ do: 'prompt', message: { text: 'next' }, lane: 'next-step' } as DriveAction, { do: 'pre-step' } as DriveAction]) },
  {
    weight: 3,
    arbitrary: fc.array(toolCallWithChildren, { minLength: 1, maxLength: 2 }).map((calls): DriveAction[] => [
      { do: 'prompt', message: { text: 'tools' }, lane: 'next-step' } as DriveAction,
      { do: 'pre-step' } as DriveAction,
      { do: 'request' } as DriveAction,
      { do: 'assistant', toolCalls: calls.map((c) => ({ ...c, isError: false, aborted: false, agentless: false })) } as DriveAction,
      { do: 'step-end' } as DriveAction,
    ]),
  },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 }).map((keepLast): DriveAction[] => [{ do: 'turn-end' } as DriveAction, { do: 'compact', keepLast }]) },
  { weight: 1, arbitrary: fc.constant<DriveAction[]>([{ do: 'turn-end' } as DriveAction, { do: 'restart' } as DriveAction]) },
);

export const editWorldArb: fc.Arbitrary<Omit<DriveInput, 'mode'>> = fc
  .record({
    contents: fc.array(content, { minLength: HOT.length, maxLength: HOT.length }),
    home: fc.option(content, { nil: undefined }),
    cwd: fc.constantFrom('/proj', '/proj/pkg'),
    maxBytes: fc.constantFrom(32_768, 32_768, 1_500, 700),
    groups: fc.array(editGroup, { minLength: 3, maxLength: 10 }),
  })
  .map((w) => ({
    workspace: {
      files: {
        ...Object.fromEntries(HOT.map((path, i) => [path, w.contents[i]])),
        ...(w.home === undefined ? {} : { '/home/u/.dsh/AGENTS.md': w.home }),
        '/proj/pkg/app/src/index.ts': 'code',
      },
      dirs: ['/proj/.git'],
      env: { HOME: '/home/u', DSH_HOME: null },
    },
    config: { maxBytes: w.maxBytes },
    cwd: w.cwd,
    actions: [
      { do: 'prompt', message: { text: 'start' } } as DriveAction,
      { do: 'pre-step' } as DriveAction,
      ...w.groups.flat(),
      { do: 'turn-end' } as DriveAction,
      { do: 'prompt', message: { text: 'final' } } as DriveAction,
      { do: 'pre-step' } as DriveAction,
    ],
  }));
