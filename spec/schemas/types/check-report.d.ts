/* Generated from check-report.schema.json by json-schema-to-typescript (npm run schemas). Do not edit. */

/**
 * the JSON report of `dsh-ctx-conform check --reporter json`
 */
export interface CheckReport {
tool: {
name: string
version: string
}
spec: ("2026-08" | "2026-07")
files: {
file: string
/**
 * Events read; packed chunk rows count as the events they expand to
 */
events: number
/**
 * ok: no error findings; violations: error findings; unreadable: DSH could not load the file
 */
status: ("ok" | "violations" | "unreadable")
/**
 * Per rule id: findings counted but not kept (over the per-rule, per-file cap)
 */
suppressed: {
[k: string]: number
}
/**
 * For a .zstd log: the decoder that read it (native libzstd, or the pure-JS fzstd fallback)
 */
zstdDecoder?: string
}[]
findings: {
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
}[]
summary: {
files: number
events: number
/**
 * Decoded JSONL bytes read
 */
bytes: number
errors: number
warnings: number
infos: number
/**
 * Files DSH could not load
 */
unreadable: number
/**
 * Readable files with at least one error finding
 */
violations: number
/**
 * Findings left out of `findings` by --max-findings (still counted above)
 */
findingsOmitted: number
/**
 * Findings over the per-rule, per-file cap (--max-findings-per-rule): counted above and per file in `files[].suppressed`, never in `findings`
 */
findingsSuppressed: number
/**
 * i/n when the run was a shard of a larger file list
 */
shard: (string | null)
/**
 * The zstd decoders that read this run's .zstd logs, in order of first use (absent when there were none)
 */
zstdDecoders?: string[]
}
}
