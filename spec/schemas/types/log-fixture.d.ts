/* Generated from log-fixture.schema.json by json-schema-to-typescript (npm run schemas). Do not edit. */

/**
 * fixture.json of a log fixture (a validator under test)
 */
export interface LogFixtureFile {
format: 1
kind: "log"
id: string
source: ("time-context" | "tmux-context" | "agent-instructions" | "session-reference" | "log")
category: ("compaction" | "clock-regression" | "mixed-time-zones" | "self-reference" | "forged-sources" | "interval-scheduling" | "restart" | "ordering" | "config" | "failure-containment" | "escaping" | "budget" | "format" | "discovery" | "dynamic" | "parsing" | "log-structure" | "surface")
title: string
rules: string[]
/**
 * revisions the findings hold for (named `spec` up to 0.1.0; the id hashes it under that name)
 * 
 * @minItems 1
 */
revisions: [("2026-08" | "2026-07"), ...(("2026-08" | "2026-07"))[]]
/**
 * known source configs (KnownConfigs)
 */
config?: {
[k: string]: {
[k: string]: unknown
}
}
/**
 * the file ends without a final newline (a live or crashed writer)
 */
tornTail?: boolean
/**
 * base64 of a .jsonl.zstd file; when set it is the log (header and log then describe its intended content)
 */
zstd?: string
expect: {
/**
 * exact multiset of located findings with severity error or warning, sorted by rule then place
 */
findings: ({
rule: string
seq: number
} | {
rule: string
line: (number | null)
})[]
/**
 * when present, the exact multiset of located info findings, sorted
 */
info?: ({
rule: string
seq: number
} | {
rule: string
line: (number | null)
})[]
}
provenance?: {
generator: string
seed?: number
}
files: {
log: "log.jsonl"
}
}
