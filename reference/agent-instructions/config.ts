import { homedir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { withStandardSchema } from '../shared/standard-schema.js';

/**
 * Configuration: the validating `Config` callable, defaults, the harness-home rules and the baseline
 * identity.
 *
 * `Config` reproduces what the published plugin's schemastery schema accepts and the messages it throws
 * (`ValidationError: $.maxBytes missing required value`), because a load error is an observable
 * outcome: a config one implementation accepts and the other refuses is a conformance difference.
 */

export const DEFAULT_PROJECT_ROOT_MARKERS: readonly string[] = ['.git'];
export const DEFAULT_INSTRUCTION_FILE_CANDIDATES: readonly string[] = ['AGENTS.md', 'CLAUDE.md'];
export const DEFAULT_LOCAL_INSTRUCTION_FILE_CANDIDATES: readonly string[] = ['AGENTS.local.md', 'CLAUDE.local.md'];
export const DEFAULT_MAX_SOURCE_BYTES = 1_048_576;

/** The user-facing configuration after schema validation (defaults applied, unknown keys kept). */
export interface AgentInstructionsConfig {
  dshHome?: string | null;
  projectRootMarkers?: string[];
  maxBytes: number;
  maxSourceBytes?: number;
  instructionFileCandidates?: string[];
  localInstructionFileCandidates?: string[];
  [key: string]: unknown;
}

/** The runtime configuration every pass uses. */
export interface ResolvedConfig {
  dshHome: string;
  projectRootMarkers: string[];
  instructionFileCandidates: string[];
  localInstructionFileCandidates: string[];
  maxBytes: number;
  maxSourceBytes: number;
}

export class ValidationError extends TypeError {
  override name = 'ValidationError';
}

const isNullish = (value: unknown): value is null | undefined => value === null || value === undefined;

function fail(path: string, message: string): never {
  throw new ValidationError(path === '$' ? message : `${path} ${message}`);
}

function checkString(value: unknown, path: string): unknown {
  if (isNullish(value)) return value;
  if (typeof value !== 'string') fail(path, `expected string but got ${value}`);
  return value;
}

function checkStringArray(value: unknown, path: string, fallback: readonly string[]): unknown {
  if (isNullish(value)) return [...fallback];
  if (!Array.isArray(value)) fail(path, `expected array but got ${value}`);
  // Nullish items pass through untouched, as in the published schema.
  return value.map((item, index) => checkString(item, `${path}[${index}]`));
}

function checkNumber(value: unknown, path: string): number {
  if (typeof value !== 'number') fail(path, `expected number but got ${value}`);
  return value;
}

/** Validate and default a plugin configuration. Throws `ValidationError` with a `$.key` path. */
export function Config(input: unknown): AgentInstructionsConfig {
  const data = isNullish(input) ? {} : input;
  if (!data || typeof data !== 'object' || Array.isArray(data)) fail('$', `expected object but got ${data}`);
  const source = data as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const keep = (key: string, value: unknown) => {
    if (!isNullish(value) || key in source) out[key] = value;
  };
  keep('dshHome', checkString(source.dshHome, '$.dshHome'));
  keep('projectRootMarkers', checkStringArray(source.projectRootMarkers, '$.projectRootMarkers', DEFAULT_PROJECT_ROOT_MARKERS));
  if (isNullish(source.maxBytes)) fail('$.maxBytes', 'missing required value');
  keep('maxBytes', checkNumber(source.maxBytes, '$.maxBytes'));
  const maxSourceBytes = isNullish(source.maxSourceBytes) ? DEFAULT_MAX_SOURCE_BYTES : checkNumber(source.maxSourceBytes, '$.maxSourceBytes');
  if (maxSourceBytes < 1) fail('$.maxSourceBytes', `expected number >= 1 but got ${maxSourceBytes}`);
  if ((maxSourceBytes - 1) % 1 !== 0) fail('$.maxSourceBytes', `expected number multiple of 1 but got ${maxSourceBytes}`);
  keep('maxSourceBytes', maxSourceBytes);
  keep('instructionFileCandidates', checkStringArray(source.instructionFileCandidates, '$.instructionFileCandidates', DEFAULT_INSTRUCTION_FILE_CANDIDATES));
  keep(
    'localInstructionFileCandidates',
    checkStringArray(source.localInstructionFileCandidates, '$.localInstructionFileCandidates', DEFAULT_LOCAL_INSTRUCTION_FILE_CANDIDATES),
  );
  // Unknown keys are carried through (the schema is not strict).
  for (const key in source) if (!(key in out)) out[key] = source[key];
  return out as AgentInstructionsConfig;
}
// DSH validates config only through the Standard Schema interface (spec/verdicts.md, loading rules).
withStandardSchema(Config);

// ---- the harness home ------------------------------------------------------------------------

const DSH_HOME_DIR_NAME = '.dsh';

function defaultDshHome(): string {
  return join(homedir(), DSH_HOME_DIR_NAME);
}

function expandTilde(path: string): string {
  if (path === '~') return homedir();
  if (path.startsWith('~/') || path.startsWith('~\\')) return join(homedir(), path.slice(2));
  return path;
}

/** Explicit config, else a non-blank `$DSH_HOME`, else `~/.dsh`; `~` expanded; absolute. */
export function resolveDshHome(configured: string | null | undefined): string {
  const fromEnv = process.env.DSH_HOME;
  const chosen = configured ?? (fromEnv !== undefined && fromEnv.trim().length > 0 ? fromEnv : defaultDshHome());
  return resolve(expandTilde(chosen));
}

/** `~/.dsh` for the default home, `$DSH_HOME` for any other: never an absolute machine path. */
export function dshHomeDisplay(resolvedHome: string): string {
  return resolvedHome === resolve(defaultDshHome()) ? '~/.dsh' : '$DSH_HOME';
}

// ---- candidates and resolution ---------------------------------------------------------------

const RESERVED_SEGMENTS = new Set(['', '.', '..']);

/** A candidate must be one file name in the directory itself: no separators, no `.`/`..`. */
export function filterCandidates(candidates: readonly string[] | undefined, fallback: readonly string[]): string[] {
  return (candidates ?? [...fallback]).filter((candidate) => !RESERVED_SEGMENTS.has(candidate) && !/[\\/]/.test(candidate));
}

export interface DiscoveryConfig {
  dshHome: string;
  projectRootMarkers: string[];
  instructionFileCandidates: string[];
  localInstructionFileCandidates: string[];
}

export function resolveDiscoveryConfig(config: {
  dshHome?: string | null;
  projectRootMarkers?: string[];
  instructionFileCandidates?: string[];
  localInstructionFileCandidates?: string[];
}): DiscoveryConfig {
  return {
    dshHome: resolveDshHome(config.dshHome),
    projectRootMarkers: config.projectRootMarkers ?? [...DEFAULT_PROJECT_ROOT_MARKERS],
    instructionFileCandidates: filterCandidates(config.instructionFileCandidates, DEFAULT_INSTRUCTION_FILE_CANDIDATES),
    localInstructionFileCandidates: filterCandidates(config.localInstructionFileCandidates, DEFAULT_LOCAL_INSTRUCTION_FILE_CANDIDATES),
  };
}

export function resolveConfig(config: Parameters<typeof resolveDiscoveryConfig>[0] & { maxBytes: number; maxSourceBytes?: number }): ResolvedConfig {
  return {
    ...resolveDiscoveryConfig(config),
    maxBytes: config.maxBytes,
    maxSourceBytes: config.maxSourceBytes ?? DEFAULT_MAX_SOURCE_BYTES,
  };
}

/** A budget is usable only when it is a positive finite number; anything else disables loading. */
export function isUsableBudget(bytes: number): boolean {
  return bytes > 0 && Number.isFinite(bytes);
}

/**
 * What makes two baselines compatible: the root relative to cwd, markers, budgets and the filtered
 * candidate lists. `dshHome` is deliberately absent (a moved home does not invalidate a baseline).
 */
export function baselineIdentity(config: ResolvedConfig, cwd: string, projectRoot: string): string {
  return JSON.stringify({
    projectRoot: relative(cwd, projectRoot),
    projectRootMarkers: config.projectRootMarkers,
    maxBytes: config.maxBytes,
    maxSourceBytes: config.maxSourceBytes,
    instructionFileCandidates: config.instructionFileCandidates,
    localInstructionFileCandidates: config.localInstructionFileCandidates,
  });
}
