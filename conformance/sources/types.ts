import type { SourceName, SpecRevision } from '../../spec/revisions.js';
import type { SourceIngredients } from '../properties/session-arbitrary.js';
import type { ServiceSection } from '../host/services/index.js';
import type { GeneratorModule } from '../scenario/draft.js';

/**
 * What the conformance kit needs to know about one context source: everything that used to be listed
 * by hand in a dozen files. The invariants side (rule module, config schema) is
 * `invariants/rules/index.ts`; the reference side (the bundled reference of each revision) is
 * `reference/index.ts`; this is the kit's side.
 * Every loader is a literal dynamic import: typed, visible to the dependency rule, and paid for only
 * when used (the child process of a run loads the services its fixture names, nothing else).
 */
export interface ConformanceSource<Name extends string = SourceName> {
  name: Name;
  /** The normative document, relative to the package root. */
  doc: string;
  /** One line for help texts. */
  summary: string;
  /** The fixture generator (`scenarios()` and/or `logFixtures()`); required, never skipped. */
  generator(): Promise<GeneratorModule>;
  /** Ingredients of the generated-session property (`{}` when the generic session is enough). */
  ingredients(): Promise<Partial<SourceIngredients>>;
  /** Fixture environment sections (host services, conformance/host/services/index.ts) its scenarios use. */
  services: readonly ServiceSection[];
  /** The published package (and its exact version) that implements each revision, when there is one. */
  upstream: Readonly<Partial<Record<SpecRevision, { package: string; version: string }>>>;
}
