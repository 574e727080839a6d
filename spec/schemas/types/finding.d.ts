/* Generated from finding.schema.json by json-schema-to-typescript (npm run schemas). Do not edit. */

/**
 * one invariant violation found in a session log
 */
export interface Finding {
/**
 * Stable rule id, e.g. LOG-SEQ-1 or TC-POS-2
 */
rule: string
severity: ("error" | "warning" | "info")
file: string
/**
 * 1-based logical line in the decoded JSONL, or null for file-level findings
 */
line: (number | null)
byteOffset: (number | null)
/**
 * seq of the event the finding is about, when there is one
 */
seq: (number | null)
/**
 * seqs of the events that together show the violation
 */
witness: number[]
/**
 * Which of the rule's message templates renders this finding, e.g. notNonEmptyString
 */
messageId: string
/**
 * The facts the message states (found and expected values, seqs, field names), as JSON; values read from the log appear as their bounded rendering
 */
data: {
[k: string]: unknown
}
/**
 * The rendered text: the rule's template for messageId applied to data
 */
message: string
/**
 * Where the rule is written down, e.g. spec/log.md#log-seq-1
 */
specRef: string
}
