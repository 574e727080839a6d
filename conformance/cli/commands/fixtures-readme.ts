import type { Catalog } from '../../scenario/store.js';

/** The README written next to an exported suite: the format, for implementers in any language. */
export function formatReadme(cat: Catalog): string {
  return `# dsh-ctx-conform conformance suite (format 1)

${cat.total} fixtures for the DeepSeek Harness context sources. Catalog: \`fixtures/index.json\`
(counts by source, category and rule, and one entry per fixture). JSON Schemas: \`schemas/\`.

${fixtureFormat()}`;
}

/** spec/fixtures.md: the same format description, as part of the normative spec. */
export function fixtureFormatSpec(): string {
  return `# The fixture format (format 1)

The conformance suite in \`conformance/fixtures/\` is data in this format; \`dsh-ctx-conform fixtures
--export DIR\` writes it with this description. JSON Schemas: [schemas/scenario-fixture.schema.json](schemas/scenario-fixture.schema.json)
and [schemas/log-fixture.schema.json](schemas/log-fixture.schema.json).

${fixtureFormat()}`;
}

function fixtureFormat(): string {
  return `## Layout

\`fixtures/<source>/<category>/<id>/\` — one directory per fixture. \`<id>\` is the first 12 hex digits of
the SHA-256 of the fixture's canonical JSON (sorted keys, no \`id\`, no \`provenance\`): any change to a
fixture changes its id, so ids in an expected-failures list never point at a different test.

## Log fixtures (a validator under test): \`"kind": "log"\`

- \`log.jsonl\`: a session log exactly as DSH writes it (header line first). Lines may be deliberately
  malformed.
- \`fixture.json\`: \`source\`, \`category\`, \`title\`, \`rules\` (the rule ids exercised), \`spec\` (revisions),
  \`config\` (known source configs, e.g. \`{"time-context":{"refreshIntervalMs":60000}}\`) and
  \`expect.findings\`: the exact multiset of **located** findings of severity error or warning a
  validator must report (info findings only where \`expect.info\` is given), sorted by rule id, then
  place. Each is \`{"rule", "seq"}\` (the seq of the event the finding is about) or, for a finding that
  names no event (a malformed line, the header), \`{"rule", "line"}\` with the 1-based line, or
  \`"line": null\` for the file as a whole — as typescript-eslint's RuleTester expects
  \`{messageId, line}\`. The right rule at another event is a failure.

## Scenario fixtures (a plugin under test): \`"kind": "scenario"\`

- \`initial.jsonl\`: the durable log before the scenario (header line first; \`env.header\`).
- \`fixture.json\`: \`config\` (plugin config, passed through the plugin's own Config), \`env\` (virtual
  clock start, process TZ, and per-service sections: \`tmux\`, \`workspace\`, \`sessions\`), \`actions\` (what
  the host does, in order), and \`expect\`: \`outcomes\` (one per load, pre-step and restart),
  \`warnings\` (logged by the plugin), \`observations\` (per service section, e.g. shell commands).
- \`expected.jsonl\`: the final durable log (header first). Every UUID-shaped string is replaced by
  \`<id:N>\`, numbered by first appearance, so runs with random ids compare equal while "the same id"
  is still checked. Ids that are not UUID-shaped are kept as they are: where the spec says an id is
  preserved (the citing message of a session reference, a message another listener attached),
  fixtures give that message a fixed id such as \`citing-message-0001\`, which no fresh UUID can
  imitate.

### Actions (\`do\`)

| do | meaning |
|---|---|
| \`clock\` | \`set\` or \`advance\` the virtual clock (\`Date.now()\` inside plugin calls); may go backwards |
| \`tz\` | change the process time zone after load |
| \`prompt\` | put a user message in the inbox (\`next-turn\` or \`next-step\`) |
| \`pre-step\` | run one \`agent/pre-step\` waterfall (opens a turn if none is open). \`downstream\` says what the listeners inside the plugin decide: \`default\` (enter with the claimed messages), \`enter\` (+\`add\`), \`reject\`, \`throw\`, \`abort\`; \`abortBefore\` aborts the signal first. On enter the host appends \`step/start\` and each message as \`user/message\` with \`surfaceOp:"append"\`; reject ends the turn \`blocked\`; a throw or abort ends it with nothing recorded; an empty enter on step 1 completes the turn |
| \`request\` | write \`request/header\` |
| \`assistant\` | an assistant message, then its tool calls and results (\`tools/result\` hook) |
| \`step-end\`, \`turn-end\` | close the step / turn |
| \`compact\` | a compaction bracket whose checkpoint replaces all visible nodes but the last \`keepLast\` |
| \`restart\` | drop the plugin instance and load a new one over the same durable log |
| \`settle\` | let asynchronous plugin work finish |
| \`append\` | another producer appends a durable event |
| \`env\` | change a service environment section (files, tmux state, other sessions) |
| \`tool-result\` | a tool result outside any step (\`tools/result\` hook only) |
| \`service\` | call \`method\` of a service by \`name\` — one the plugin provided (\`ctx.reflect.provide\`), else one the host offers — with \`args\`; \`remote: true\` calls a Remote method's implementation \`remoteExport<Method>\` (DSH's typert convention, e.g. \`candidates\` → \`remoteExportCandidates\`). The result or error is an observation |
| \`library\` | call the plugin module's documented export \`export\` with \`args\`; the result or error is an observation |
| \`provides\` | record the service names the plugin instance provided, sorted |
| \`use\` | act on another agent of \`env.agents\` from now on (its own session, inbox and turns) |
| \`inbox\` | \`change.op\`: \`push\` (another producer appends a message to a lane), \`fail\` (the next \`prepend\`/\`replace\`/\`remove\` call throws the given string), \`observe\` (record both lanes' waiting messages) |

**Arguments** of \`service\` and \`library\` calls are JSON plus host values by placeholder:
\`{"$host":"agent"}\` (the active agent), \`{"$host":"signal"}\` (the call's AbortSignal; \`abortBefore\`
aborts it first, \`abortWhenStalled\` aborts it when the call is still pending once all queued work
ran), \`{"$host":"service","name":"fs"}\` (a host service, e.g. a file-system provider).

**Observations.** Besides the per-section ones (\`tmux\`, \`workspace\`, \`sessions\`), \`calls\` lists the
surface actions in order, each \`{"call": "service sessionReferenceResolver.listCandidates" |
"library encodeSessionReferenceUri" | "provides" | "inbox", ...}\` with \`result\` (JSON data),
\`returned: "undefined"\`, \`error: {name, message, code?}\` or \`pending: true\`; \`agents\` holds each
further agent's final log. Ids in \`calls\` are normalised with the same numbering as the log, so an
id seen in the inbox and the id the log then holds compare as the same id.

**Tool calls** (\`assistant.toolCalls[]\`, \`tool-result.call\`) may set \`abortAfterResult\` (the tool's
signal aborts right after \`tools/result\` was delivered) and \`additionalContexts\` (messages another
listener attached to the result; whatever \`result.additionalContexts\` holds once every listener ran
is appended as \`user/message\` right after the \`tool/result\`). **\`env.agents\`** adds agents with their
own (initially empty) sessions. The \`workspace\` section's \`faults\` include \`hang\`: a read that does
not answer until its signal aborts (then it rejects with the reason) or the fault is cleared.

Times in logs are the virtual clock's: compare them exactly. A log fixture line written as
\`{"$rawLine": "..."}\` in memory is stored verbatim (a deliberately malformed line); \`tornTail\`
means the file has no final newline; \`zstd\` fixtures store the log as \`log.jsonl.zstd\` and keep
\`header\`/\`log\` in fixture.json as the intended content. \`expect.info\`, when present, is the exact
multiset of info rule ids as well.

## Verdicts

A plugin passes a scenario when its outcomes, final log, warnings and observations equal the
expectation, and the log it produced violates no rule (errors only, on events the run added). A
thrown error where the expectation has none is an \`error\` verdict, any other difference a \`fail\`.
`;
}
