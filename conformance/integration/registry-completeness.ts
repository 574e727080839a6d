/**
 * Type-level proof (checked by `tsc --noEmit` in `npm test`, never run) that each registry table
 * refuses a source without its entry: every `@ts-expect-error` below must be an error, or tsc fails
 * with "unused @ts-expect-error". The tables themselves use the same `satisfies` clauses.
 */
import type { RuleModule } from '../../invariants/engine.js';
import type { z } from 'zod';
import { SOURCE_CONFIGS, SOURCE_RULES } from '../../invariants/rules/index.js';
import type { SourceName, SpecRevision } from '../../spec/revisions.js';
import { SOURCE_REGISTRY, type ConformanceSource } from '../sources/index.js';

const { 'session-reference': _rules, ...rulesWithoutOne } = SOURCE_RULES;
// @ts-expect-error a source without its rule module does not compile
export const incompleteRules = rulesWithoutOne satisfies Record<SourceName, RuleModule>;

const { 'tmux-context': _config, ...configsWithoutOne } = SOURCE_CONFIGS;
// @ts-expect-error a source without its config schema does not compile
export const incompleteConfigs = configsWithoutOne satisfies Record<SourceName, z.ZodType>;

const { 'time-context': _entry, ...registryWithoutOne } = SOURCE_REGISTRY;
// @ts-expect-error a source without its conformance entry does not compile
export const incompleteRegistry = registryWithoutOne satisfies { [S in SourceName]: ConformanceSource<S> };

// @ts-expect-error an entry without its generator does not compile
export const noGenerator = { name: 'time-context', doc: 'spec/time-context.md', summary: '', ingredients: async () => ({}), services: [], upstream: {} } satisfies ConformanceSource<'time-context'>;

export const complete: { [S in SourceName]: ConformanceSource<S> } = SOURCE_REGISTRY;
export type Revision = SpecRevision;
