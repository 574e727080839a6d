import { z } from 'zod';
import { Finding } from '../../invariants/findings.js';
import { CheckReport } from '../../invariants/reporters/report.js';
import { RunReport } from '../runner/results.js';
import { LogFixture, ScenarioExpect, ScenarioFixture } from '../scenario/schema.js';

/**
 * The zod schemas the published JSON Schemas are generated from. Fixture schemas describe
 * `fixture.json` as stored on disk: logs live in JSONL files named by `files`.
 */
export const ScenarioFixtureFile = ScenarioFixture.omit({ log: true, expect: true }).extend({
  files: z.object({ log: z.literal('initial.jsonl'), expectedLog: z.literal('expected.jsonl') }),
  expect: ScenarioExpect.omit({ log: true }),
});

export const LogFixtureFile = LogFixture.omit({ log: true, header: true }).extend({
  files: z.object({ log: z.literal('log.jsonl') }),
});

export const schemaSources = {
  'scenario-fixture': { schema: ScenarioFixtureFile, title: 'ScenarioFixtureFile', description: 'fixture.json of a scenario fixture (a plugin under test)' },
  'log-fixture': { schema: LogFixtureFile, title: 'LogFixtureFile', description: 'fixture.json of a log fixture (a validator under test)' },
  finding: { schema: Finding, title: 'Finding', description: 'one invariant violation found in a session log' },
  'check-report': { schema: CheckReport, title: 'CheckReport', description: 'the JSON report of `dsh-ctx-conform check --reporter json`' },
  'run-report': { schema: RunReport, title: 'RunReport', description: 'the JSON report of `dsh-ctx-conform --reporter json`' },
} as const;
