import { DEFAULT_REVISION, SPEC_REVISIONS, isSpecRevision, type SpecRevision } from '../../spec/revisions.js';
import { UsageError } from './usage-error.js';

/**
 * `--revision REVISION`, the spec revision to judge against, shared by `run` and `check`. `--spec` is
 * its alias, the flag's 0.1 name, kept so existing scripts and CI jobs work unchanged.
 */
export const revisionParseOptions = {
  revision: { type: 'string' },
  spec: { type: 'string' },
} as const;

/** The option's help, its continuation line indented to the caller's description column. */
export function revisionHelp(column: number): string {
  return `spec revision to judge against: ${SPEC_REVISIONS.join(' | ')} (default ${DEFAULT_REVISION})\n${' '.repeat(column)}(--spec REVISION is an alias, the 0.1 name)`;
}

/** The revision the flags name, or the default; a usage error for an unknown one or two that disagree. */
export function parseRevision(values: { revision?: string; spec?: string }): SpecRevision {
  if (values.revision !== undefined && values.spec !== undefined && values.revision !== values.spec) {
    throw new UsageError(`--revision ${values.revision} and --spec ${values.spec} disagree: give one (--spec is an alias of --revision)`);
  }
  const flag = values.revision !== undefined ? '--revision' : '--spec';
  const value = values.revision ?? values.spec;
  if (value === undefined) return DEFAULT_REVISION;
  if (!isSpecRevision(value)) throw new UsageError(`${flag} must be one of ${SPEC_REVISIONS.join(', ')}, got ${JSON.stringify(value)}`);
  return value;
}
