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
  \`expect.findings\`: the exact sorted multiset of rule ids of severity error or warning a validator
  must report (info findings only where \`expect.info\` is given).

## Scenario fixtures (a plugin under test): \`"kind": "scenario"\`

- \`initial.jsonl\`: the durable log before the scenario (header line first; \`env.header\`).
- \`fixture.json\`: \`config\` (plugin config, passed through the plugin's own Config), \`env\` (virtual
  clock start, process TZ, and per-service sections: \`tmux\`, \`workspace\`, \`sessions\`), \`actions\` (what
  the host does, in order), and \`expect\`: \`outcomes\` (one per load, pre-step and restart),
  \`warnings\` (logged by the plugin), \`observations\` (per service section, e.g. shell commands).
- \`expected.jsonl\`: the final durable log (header first). Every UUID-shaped string is replaced by
  \`<id:N>\`, numbered by first appearance, so runs with random ids compare equal while "the same id"
  is still checked.

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
