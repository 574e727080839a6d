import type { UserMessage } from '../shared/message.js';
import { dedupWithinDirectories } from './baseline.js';
import { renderWithinBudget } from './budget.js';
import { effectiveChanges } from './changes.js';
import { findVisibleBaseline } from './compose.js';
import { discoverFiles } from './discovery.js';
import { probeScopeCandidate } from './probe.js';
import { escapeFrameBody } from './text.js';
import { NestedTouches, StepGate } from './touches.js';

/**
 * The seams of the implementation: each entry is one decision the spec pins down (how the frame is
 * escaped, how candidates are discovered, how duplicates collapse, how the budget is applied, how a
 * failed probe is classified, which baseline counts as visible, which changes are in effect, where the
 * context is inserted, when touches are projected). The reference is `defaultParts`; each mutant in
 * conformance/mutants/agent-instructions swaps exactly one of them for a plausible wrong version.
 */
export interface Parts {
  escapeFrameBody: typeof escapeFrameBody;
  discoverFiles: typeof discoverFiles;
  dedupWithinDirectories: typeof dedupWithinDirectories;
  renderWithinBudget: typeof renderWithinBudget;
  probeScopeCandidate: typeof probeScopeCandidate;
  findVisibleBaseline: typeof findVisibleBaseline;
  effectiveChanges: typeof effectiveChanges;
  /** Where the composed context goes in an entering decision. */
  insertionIndex(decision: readonly UserMessage[], claimed: readonly UserMessage[]): number;
  /** On a reject or an empty first step: keep the desired context queued (true) or drop it. */
  queueWhenNotEntering: boolean;
  newStepGate(): StepGate<any>;
  newNestedTouches(): NestedTouches<any>;
}

export const defaultParts: Parts = {
  escapeFrameBody,
  discoverFiles,
  dedupWithinDirectories,
  renderWithinBudget,
  probeScopeCandidate,
  findVisibleBaseline,
  effectiveChanges,
  // Right after the last claimed message (index 0 when none survived downstream).
  insertionIndex: (decision, claimed) => decision.findLastIndex((message) => claimed.includes(message)) + 1,
  queueWhenNotEntering: true,
  newStepGate: () => new StepGate(),
  newNestedTouches: () => new NestedTouches(),
};
