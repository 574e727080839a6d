/**
 * Type-level proof that the published JSON Schemas say the same as the zod schemas: the TypeScript
 * types json-schema-to-typescript generates from each JSON Schema (spec/schemas/types/) must be
 * mutually assignable with the type zod infers (for a scenario fixture's environment sections, the
 * input type of each service's schema, which is what a fixture stores). `npm test` type-checks this file (tsc --noEmit), so a
 * schema change that the JSON Schema does not carry fails the build; `schemas.test.ts` checks the
 * generated files are current.
 */
import type { z } from 'zod';
import type { CheckReport as CheckReportJson } from '../../spec/schemas/types/check-report.js';
import type { Finding as FindingJson } from '../../spec/schemas/types/finding.js';
import type { LogFixtureFile as LogFixtureJson } from '../../spec/schemas/types/log-fixture.js';
import type { RunReport as RunReportJson } from '../../spec/schemas/types/run-report.js';
import type { ScenarioFixtureFile as ScenarioFixtureJson } from '../../spec/schemas/types/scenario-fixture.js';
import type { ENV_SECTION_SCHEMAS } from '../host/services/env-schemas.js';
import type { schemaSources } from './sources.js';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Out<K extends keyof typeof schemaSources> = z.output<(typeof schemaSources)[K]['schema']>;
type Sections = { [S in keyof typeof ENV_SECTION_SCHEMAS]?: z.input<(typeof ENV_SECTION_SCHEMAS)[S]> };
type ScenarioOut = Omit<Out<'scenario-fixture'>, 'env'> & { env: Omit<Out<'scenario-fixture'>['env'], keyof Sections> & Sections };

export const roundTrips: {
  finding: Same<FindingJson, Out<'finding'>>;
  checkReport: Same<CheckReportJson, Out<'check-report'>>;
  runReport: Same<RunReportJson, Out<'run-report'>>;
  logFixture: Same<LogFixtureJson, Out<'log-fixture'>>;
  scenarioFixture: Same<ScenarioFixtureJson, ScenarioOut>;
} = { finding: true, checkReport: true, runReport: true, logFixture: true, scenarioFixture: true };
