import type { SpecRevision } from '../spec/revisions.js';
import type { Severity } from './findings.js';

/**
 * What a rule says about itself. Its own module, below both the engine and the log reader (whose
 * LOG-READ-* rules are declared with it), so neither imports the other.
 */
export interface RuleMeta {
  /** Default severity. */
  severity: Severity;
  /** One line: what the rule is about. */
  title: string;
  /** The normative sentence, with MUST/SHOULD, exactly as in the spec document. */
  must: string;
  /** The spec document that defines it, relative to the package root, e.g. `spec/log.md`. */
  doc: string;
  /** Spec revisions the rule applies to; omitted means all. */
  revisions?: readonly SpecRevision[];
}
