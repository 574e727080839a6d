/* Generated from scenario-fixture.schema.json by json-schema-to-typescript (npm run schemas). Do not edit. */

/**
 * fixture.json of a scenario fixture (a plugin under test)
 */
export interface ScenarioFixtureFile {
format: 1
kind: "scenario"
id: string
source: ("time-context" | "tmux-context" | "agent-instructions" | "session-reference")
category: ("compaction" | "clock-regression" | "mixed-time-zones" | "self-reference" | "forged-sources" | "interval-scheduling" | "restart" | "ordering" | "config" | "failure-containment" | "escaping" | "budget" | "format" | "discovery" | "dynamic" | "parsing" | "log-structure" | "surface")
title: string
/**
 * spec rule ids this fixture exercises
 */
rules: string[]
/**
 * revisions the expectation holds for
 * 
 * @minItems 1
 */
spec: [("2026-08" | "2026-07"), ...(("2026-08" | "2026-07"))[]]
/**
 * plugin config, passed through the plugin's own Config
 */
config?: {
[k: string]: unknown
}
env: {
/**
 * virtual clock at start (epoch ms)
 */
clock: number
/**
 * process TZ before the plugin loads (null: unset)
 */
tz: (string | null)
/**
 * the session header; header.cwd is the agent cwd
 */
header: {
type: "session"
version: number
id: string
createdAt: number
delegationDepth: number
[k: string]: unknown
}
/**
 * agent id; default header.id
 */
agentId?: string
/**
 * further agents, each with its own (initially empty) session; their final logs are observations.agents
 */
agents?: {
id: string
header: {
type: "session"
version: number
id: string
createdAt: number
delegationDepth: number
[k: string]: unknown
}
}[]
tmux?: unknown
workspace?: unknown
sessions?: unknown
}
actions: ({
do: "clock"
set?: number
advance?: number
} | {
do: "tz"
tz: (string | null)
} | {
do: "prompt"
message: {
/**
 * shorthand for content [{type:"text", text}]
 */
text?: string
content?: {
[k: string]: unknown
}[]
/**
 * default {kind:"user"}
 */
source?: {
[k: string]: unknown
}
/**
 * fixed id; default a fresh UUID
 */
id?: string
}
lane: ("next-turn" | "next-step")
} | {
do: "pre-step"
downstream?: ({
kind: "default"
} | {
kind: "enter"
add?: {
/**
 * shorthand for content [{type:"text", text}]
 */
text?: string
content?: {
[k: string]: unknown
}[]
/**
 * default {kind:"user"}
 */
source?: {
[k: string]: unknown
}
/**
 * fixed id; default a fresh UUID
 */
id?: string
}[]
replaceClaimed?: {
/**
 * shorthand for content [{type:"text", text}]
 */
text?: string
content?: {
[k: string]: unknown
}[]
/**
 * default {kind:"user"}
 */
source?: {
[k: string]: unknown
}
/**
 * fixed id; default a fresh UUID
 */
id?: string
}[]
} | {
kind: "reject"
} | {
kind: "throw"
message: string
} | {
kind: "abort"
})
abortBefore?: boolean
/**
 * abort the signal if the pre-step is still pending once all queued work has run (a hanging read)
 */
abortWhenStalled?: boolean
} | {
do: "request"
} | {
do: "assistant"
text?: string
toolCalls?: _Schema0[]
} | {
do: "step-end"
} | {
do: "turn-end"
reason?: {
[k: string]: unknown
}
} | {
do: "compact"
keepLast?: number
summary?: string
} | {
do: "restart"
/**
 * restart with this plugin config instead
 */
config?: {
[k: string]: unknown
}
} | {
do: "tool-result"
call: _Schema0
} | {
do: "settle"
} | {
do: "append"
event: {
type: string
data: unknown
surfaceOp?: unknown
sourceEventSeqs?: number[]
}
} | {
do: "env"
section: string
change: unknown
} | {
do: "service"
name: string
method: string
/**
 * a Remote method: call its implementation remoteExport<Method>
 */
remote?: boolean
args: unknown[]
/**
 * the call's signal is aborted before the call
 */
abortBefore?: boolean
/**
 * abort the call's signal if it is still pending once all queued work has run
 */
abortWhenStalled?: boolean
} | {
do: "library"
export: string
args: unknown[]
/**
 * the call's signal is aborted before the call
 */
abortBefore?: boolean
/**
 * abort the call's signal if it is still pending once all queued work has run
 */
abortWhenStalled?: boolean
} | {
do: "provides"
} | {
do: "use"
agent: string
} | {
do: "inbox"
change: ({
op: "push"
lane: ("next-turn" | "next-step")
message: {
/**
 * shorthand for content [{type:"text", text}]
 */
text?: string
content?: {
[k: string]: unknown
}[]
/**
 * default {kind:"user"}
 */
source?: {
[k: string]: unknown
}
/**
 * fixed id; default a fresh UUID
 */
id?: string
}
} | {
op: "fail"
method: ("prepend" | "replace" | "remove")
message: string
} | {
op: "observe"
})
})[]
provenance?: {
generator: string
seed?: number
upstream?: string
}
files: {
log: "initial.jsonl"
expectedLog: "expected.jsonl"
}
expect: {
/**
 * one per load, pre-step and restart, in order
 */
outcomes: ({
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
})[]
warnings: string[]
/**
 * per adapter section, e.g. {tmux:{commands:3}}; `calls`: the surface actions' results in order; `agents`: the other agents' final logs
 */
observations: {
[k: string]: unknown
}
}
}
export interface _Schema0 {
name: string
arguments: {
[k: string]: unknown
}
callId?: string
result?: string
isError?: boolean
aborted?: boolean
/**
 * deliver tools/result without exec.agent
 */
agentless?: boolean
/**
 * abort the tool's signal right after tools/result was delivered
 */
abortAfterResult?: boolean
/**
 * contexts another listener attached to the result; appended after tool/result
 */
additionalContexts?: {
/**
 * shorthand for content [{type:"text", text}]
 */
text?: string
content?: {
[k: string]: unknown
}[]
/**
 * default {kind:"user"}
 */
source?: {
[k: string]: unknown
}
/**
 * fixed id; default a fresh UUID
 */
id?: string
}[]
children?: _Schema0[]
}
