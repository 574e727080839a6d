import type { RuleMeta } from '../../engine.js';

const doc = 'spec/agent-instructions.md';

/** Every agent-instructions rule, with the normative sentence exactly as in the spec document. */
export const agentInstructionsRuleMeta = {
  'AI-SRC-1': {
    severity: 'error',
    title: 'Well-formed workspace source and changes',
    must: 'A user/message whose source.kind is "agent-instructions" MUST have role "user", a non-empty content array of text blocks, and a source of exactly {kind, form:"instructions", baseline?, baselineIdentity?, changes}, where changes is an array of {action:"set"|"replace"|"remove", scope:"<directory>\\0<file name>", path: non-empty string, digest?} entries with no other keys.',
    doc,
  },
  'AI-SRC-2': {
    severity: 'error',
    title: 'Digests on set and replace only',
    must: 'A set or replace change MUST carry a `digest` of 40 lowercase hexadecimal digits (the SHA-1 of the full file content); a remove change MUST NOT carry a digest.',
    doc,
  },
  'AI-SRC-3': {
    severity: 'error',
    title: 'Scope agrees with path',
    must: 'A change scope MUST be derived from its path: `user-global\\0AGENTS.md` for `~/.dsh/AGENTS.md` and `$DSH_HOME/AGENTS.md`, otherwise `<dirname(path)>\\0<basename(path)>`.',
    doc,
  },
  'AI-BASE-1': {
    severity: 'error',
    title: 'Baselines carry a parseable identity',
    must: 'A source with `baseline` MUST have `baseline: true` and a string `baselineIdentity` that parses as a JSON object with exactly the keys projectRoot (string), projectRootMarkers, instructionFileCandidates, localInstructionFileCandidates (string arrays), maxBytes and maxSourceBytes (numbers); a source without `baseline: true` MUST NOT carry `baselineIdentity`.',
    doc,
  },
  'AI-FRAME-1': {
    severity: 'error',
    title: 'One system-reminder frame that repository text cannot close',
    must: 'Every text block MUST be exactly one frame: it starts with "<system-reminder>\\n", ends with "\\n</system-reminder>" and contains no other "</system-reminder>"; the only unframed text allowed is a budget notice (a prefix of, or text starting with, "Workspace instruction budget "), which MUST contain no "</system-reminder>" at all.',
    doc,
  },
  'AI-HEAD-1': {
    severity: 'error',
    title: 'Headings agree with the announced changes',
    must: 'Every change MUST have its heading, in change order, in the message text: "Instructions from: <path>" in a baseline block for baseline sets, and "Additional instructions from: <path>", "Updated instructions from: <path>" or "Instructions removed: <path>" for set, replace and remove (paths escaped like the body); only the removals that open a replacement baseline have no heading, and a message without `baseline` MUST announce at least one change.',
    doc,
  },
  'AI-SEQ-1': {
    severity: 'warning',
    title: 'Only an announced scope is removed',
    must: 'A remove change SHOULD follow a set or replace for its scope: the latest earlier change for that scope (earlier workspace messages in log order, then earlier changes of the same message) SHOULD NOT be missing or a remove.',
    doc,
  },
  'AI-SEQ-2': {
    severity: 'warning',
    title: 'A removal refers to a visible announcement',
    must: 'The set or replace a remove change retracts SHOULD still be on the visible surface when the remove is appended.',
    doc,
  },
  'AI-SEQ-3': {
    severity: 'error',
    title: 'No repeated announcement of identical instructions',
    must: 'Outside complete baselines, a set change MUST NOT repeat the latest visible change for its scope when that change is a set with the same path and digest.',
    doc,
  },
  'AI-BUDGET-1': {
    severity: 'error',
    title: 'Text fits the byte budget',
    must: 'When the configured maxBytes is known (or, for a baseline block, stated by its baselineIdentity), every text block of a workspace message MUST be at most maxBytes UTF-8 bytes, and with a maxBytes that is not a positive finite number no workspace message may appear at all.',
    doc,
  },
  'AI-POS-1': {
    severity: 'error',
    title: 'Workspace messages enter at pre-step',
    must: 'A workspace message MUST be appended inside an open step, before that step\'s request/header.',
    doc,
  },
  'AI-POS-2': {
    severity: 'warning',
    title: 'Workspace context follows the claimed prompt',
    must: 'Within one step\'s batch, a workspace message SHOULD NOT precede a direct user message (source.kind "user") of the same batch.',
    doc,
  },
} as const satisfies Record<string, RuleMeta>;

export type AgentInstructionsRuleId = keyof typeof agentInstructionsRuleMeta;
