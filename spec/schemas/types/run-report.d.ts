/* Generated from run-report.schema.json by json-schema-to-typescript (npm run schemas). Do not edit. */

/**
 * the JSON report of `dsh-ctx-conform --reporter json`
 */
export interface RunReport {
tool: {
name: "dsh-ctx-conform"
version: string
}
spec: ("2026-08" | "2026-07")
plugins: {
plugin: string
source: ("time-context" | "tmux-context" | "agent-instructions" | "session-reference" | "contributor" | "unknown")
shape: ("namespace" | "service" | "unknown")
/**
 * set when the plugin could not be loaded (its row in results is an error)
 */
loadError?: string
}[]
results: {
/**
 * plugin label, e.g. @deepseek-ai/dsh-time-context@0.1.0-rc.8 or reference:time-context
 */
plugin: string
source: ("time-context" | "tmux-context" | "agent-instructions" | "session-reference" | "contributor" | "unknown")
/**
 * fixture id (`load` for the row of a plugin that could not be loaded)
 */
fixture: string
title: string
category: string
status: ("pass" | "fail" | "error")
message: string
diff?: {
path: string
expected: unknown
actual: unknown
}
infos?: string[]
warnings?: string[]
rules?: string[]
path?: string
expected?: boolean
durationMs: number
output?: {
stdout: string
stderr: string
}
}[]
properties: {
plugin: string
source: ("time-context" | "tmux-context" | "agent-instructions" | "session-reference" | "contributor" | "unknown")
status: ("pass" | "fail" | "error")
runs: number
seed: number
message: string
/**
 * path of the fixture file that reproduces the failure
 */
counterexample?: string
}[]
/**
 * lines that open the human report (e.g. which suite judged the plugin, waivers in force)
 */
preamble?: string[]
/**
 * non-fatal problems, e.g. a --source that contradicts the plugin's own name
 */
warnings?: string[]
/**
 * expected-failure entries that now pass
 */
stale: string[]
summary: {
pass: number
fail: number
error: number
expectedFailures: number
stale: number
}
}
