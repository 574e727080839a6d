/* Generated from run-report.schema.json by json-schema-to-typescript (npm run schemas). Do not edit. */

export type VerdictReason = (JudgementReason | ProcessReason | {
code: "cannot-load"
data: {
plugin: string
cause: ProcessReason
}
} | {
code: "reload-failed"
data: {
cause: ProcessReason
}
} | {
code: "sandbox-denied"
data: {
denied: {
permission: string
resource: string
}[]
then: JudgementReason
}
} | {
code: "contributor-holds"
data: {
runs: number
}
} | {
code: "contributor-waived"
data: {
where: string
reason: string
}
} | {
code: "contributor-noted"
data: {
severity: string
finding: string
}
} | {
code: "contributor-violation"
data: {
rule: string
explanation: string
reproduce?: {
plugin: string
fixtures: string
}
fixture?: string
}
} | {
code: "contributor-fixed"
data: {
rules: string[]
fixture: string
}
} | {
code: "contributor-error"
data: {
message: string
fixture?: string
}
} | {
code: "property-agrees"
data: {
runs: number
}
} | {
code: "property-differs"
data: {
runs: number
seed: number
path: string
shrinks: number
last?: ({
status: "fail"
reason: JudgementReason
} | {
status: "error"
reason: ExecutionReason
})
}
} | {
code: "property-not-run"
data: {
error: string
}
} | {
code: "property-no-reference"
data: {

}
})
export type JudgementReason = ({
code: "ok"
data: {

}
} | {
code: "outcome-mismatch"
data: {
action: number
expected: ReasonOutcome
actual: ReasonOutcome
}
} | {
code: "log-difference"
data: {
path: string
change: ("extra" | "missing" | "changed")
event: {
seq?: number
type?: string
source?: {
kind?: string
plugin?: string
}
text?: string
}
at?: string
text?: {
line: number
expected: (string | null)
actual: (string | null)
}
}
} | {
code: "warnings-difference"
data: {
expected: string[]
actual: string[]
}
} | {
code: "observations-difference"
data: {
section: string
path: string
expected: unknown
actual: unknown
}
} | {
code: "invariant-violation"
data: {
violations: {
rule: string
seq: (number | null)
}[]
finding: string
}
})
export type ReasonOutcome = (({
kind: "enter"
turn: number
step: number
appended: number
} | {
kind: "completed-empty"
turn: number
step: number
} | {
kind: "reject"
turn: number
step: number
} | {
kind: "error"
turn: number
step: number
error: {
name: string
message: string
code?: string
}
} | {
kind: "loaded"
} | {
kind: "load-error"
error: {
name: string
message: string
code?: string
}
}) | null)
export type ProcessReason = ({
code: "timeout"
data: {
during: ("startup" | "load" | "scenario")
timeoutMs: number
}
} | {
code: "crash"
data: ({
how: "exit"
exitCode: (number | null)
signal: (string | null)
} | {
how: "memory"
limitMiB: number
residentMiB: number
} | {
how: "threw"
message: string
stack?: string
denied: {
permission: string
resource: string
}[]
})
} | {
code: "protocol-violation"
data: ({
violation: "oversized"
bytes: number
} | {
violation: "not-json"
excerpt: string
} | {
violation: "malformed"
path?: string
issue?: string
} | {
violation: "unsolicited"
type: string
outstanding: boolean
} | {
violation: "shell-outside-scenario"
} | {
violation: "too-many-shell-commands"
limit: number
} | {
violation: "unexpected-reply"
during: ("load" | "scenario")
reply: string
})
} | {
code: "load-failed"
data: {
message: string
stack?: string
}
} | {
code: "load-changed"
data: {
label: string
source: string
previousLabel: string
previousSource: string
}
} | {
code: "kit-failure"
data: ({
failure: "runtime-missing"
path: string
} | {
failure: "spawn"
message: string
} | {
failure: "start"
message: string
} | {
failure: "stopped"
})
} | {
code: "not-testable"
data: {
message: string
stack?: string
denied: {
permission: string
resource: string
}[]
}
})
export type ExecutionReason = (ProcessReason | {
code: "reload-failed"
data: {
cause: ProcessReason
}
})

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
reason?: VerdictReason
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
reason?: VerdictReason
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
