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
message: string
/**
 * Where the rule is written down, e.g. spec/log.md#log-seq-1
 */
specRef: string
}
