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
 * revisions the expectation holds for (named `spec` up to 0.1.0; the id hashes it under that name)
 * 
 * @minItems 1
 */
revisions: [("2026-08" | "2026-07"), ...(("2026-08" | "2026-07"))[]]
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
tmux?: {
/**
 * 'none': no shell service is mounted (ctx.get('shell') is undefined)
 */
shell?: ("stub" | "none")
state: {
/**
 * the agent process's tmux environment variables
 */
env: {
/**
 * socket,pid,session as tmux sets it; only passed through
 */
TMUX?: string
/**
 * the pane the environment claims (set inside a pane, or inherited)
 */
TMUX_PANE?: string
}
/**
 * the agent process's controlling tty as `ps -o tty=` prints it ('pts/3'); null when it has none ('?')
 */
processTty: (string | null)
/**
 * the reachable tmux server, or null when none is running
 */
server: ({
panes: {
/**
 * tmux pane id, e.g. '%7' (what $TMUX_PANE names)
 */
paneId: string
/**
 * the pane's tty device, e.g. '/dev/pts/3'
 */
paneTty: string
sessionName: string
windowIndex: string
/**
 * free text: spaces, quotes, even a literal backslash-t
 */
windowName: string
paneIndex: string
/**
 * '1' or '0'
 */
windowActive: string
/**
 * '1' or '0'
 */
paneActive: string
/**
 * tmux layout string, e.g. 'b25d,238x60,0,0{119x60,0,0,3,118x60,120,0,7}'
 */
windowLayout: string
}[]
/**
 * format names this tmux does not know (they expand to empty), e.g. pane_id on a very old tmux
 */
unsupportedFormats?: string[]
} | null)
}
failure?: ({
/**
 * resolve: a policy denial; run: a spawn failure
 */
at: ("resolve" | "run")
throws: ({
kind: "error"
message: string
} | {
kind: "value"
value: string
})
} | null)
}
workspace?: {
/**
 * regular files; parents are created
 */
files?: {
[k: string]: string | {
content: string
/**
 * a fixed version token (a backend whose token does not change on rewrite)
 */
version?: string
/**
 * reported size; null: the backend reports none; default: the true UTF-8 size
 */
size?: (number | null)
/**
 * stat works, reading fails (FS_PERMISSION_DENIED)
 */
unreadable?: boolean
}
}
/**
 * directories (e.g. a `.git` directory marker)
 */
dirs?: string[]
/**
 * symlink path → target as written (absolute or relative)
 */
symlinks?: {
[k: string]: string
}
/**
 * entries that are neither file nor directory (a FIFO): stat type 'other'
 */
others?: string[]
/**
 * resolve: resolve(path) throws; stat: stat of that target throws; read: streamText throws; hang: streamText does not answer until its signal aborts (then rejects with the reason) or the fault is cleared (then reads normally)
 */
faults?: {
[k: string]: ("resolve" | "stat" | "read" | "hang")[]
}
env?: {
/**
 * the OS home while the scenario runs (default dshHome is $HOME/.dsh)
 */
HOME?: string
/**
 * $DSH_HOME while the scenario runs; null: unset
 */
DSH_HOME?: (string | null)
}
/**
 * characters per streamed chunk
 */
chunkSize?: number
/**
 * false: the host has no fs service at all
 */
provider?: boolean
/**
 * what the fixture asserts about provider traffic, as order-free counts: streams/stats are sorted multisets of targets read/stat-ed, chunks the number of chunks consumed
 */
observe?: ("streams" | "stats" | "chunks")[]
}
sessions?: {
sessions?: {
header: {
type?: "session"
version?: number
id: string
createdAt?: number
cwd?: string
delegationDepth?: number
[k: string]: unknown
}
log?: {
type: string
seq?: number
time?: number
data: unknown
surfaceOp?: unknown
sourceEventSeqs?: number[]
[k: string]: unknown
}[]
read?: ({
kind: "ok"
} | {
kind: "missing"
} | {
kind: "throw"
message: string
} | {
kind: "reject"
value: string
} | {
kind: "hang"
})
/**
 * fail: this session's title observation is rejected
 */
titleRead?: ("ok" | "fail")
/**
 * false: readable but absent from listSessions
 */
listed?: boolean
}[]
listSessions?: ("ok" | "fail" | "hang")
readTitles?: ("ok" | "fail" | "hang")
}
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
