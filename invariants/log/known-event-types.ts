/**
 * The event vocabulary DSH `0.1.0-rc.8` understands (`KNOWN_SESSION_EVENT_TYPES`, 48 types, identical
 * in `0.1.1-rc.2`). Written here as data so the validator does not import upstream at run time; a test
 * asserts it equals the published export. A log with a type outside this set and without
 * `ignorable: true` is refused by DSH's reader (it was probably written by a newer harness).
 */
export const KNOWN_SESSION_EVENT_TYPES: ReadonlySet<string> = new Set([
  'agent-preset/selected',
  'agent/inbox/spliced',
  'approval/asked',
  'approval/decided',
  'approval/policy',
  'assistant/chunk',
  'assistant/message',
  'command/done',
  'command/run',
  'compaction/end',
  'compaction/prune',
  'compaction/start',
  'compaction/summary',
  'feedback/record',
  'goal/change',
  'hook/invoked',
  'hook/result',
  'llm/retry',
  'llm/retry-started',
  'permission/preset',
  'plan/mode',
  'request/context',
  'request/header',
  'sandbox/mode',
  'schedule/change',
  'session/end-seed',
  'session/title',
  'session/title-llm-request',
  'step/end',
  'step/start',
  'subagent/descriptor',
  'team/member',
  'team/message/delivered',
  'team/message/queued',
  'team/task',
  'todo/write',
  'tool-workflow/agent-end',
  'tool-workflow/agent-start',
  'tool-workflow/run-end',
  'tool-workflow/run-start',
  'tool/call',
  'tool/code-dispatch',
  'tool/code-dispatch-start',
  'tool/result',
  'turn/end',
  'turn/start',
  'user/message',
  'web/deepseek-search-llm-request',
]);

/** Types DSH refuses outright even though a current writer never produces them (legacy vocabulary). */
export const REJECTED_LEGACY_TYPES: ReadonlySet<string> = new Set(['request/header-delta', 'mode/set']);

/** Envelope keys an event line may carry (anything else is refused as an invalid envelope). */
export const ENVELOPE_KEYS: ReadonlySet<string> = new Set(['type', 'seq', 'time', 'data', 'surfaceOp', 'sourceEventSeqs', 'ignorable']);
