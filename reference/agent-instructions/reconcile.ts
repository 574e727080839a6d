import { join, relative } from 'node:path';
import type { ResolvedConfig } from './config.js';
import type { BudgetFile } from './budget.js';
import {
  changesOf,
  isActive,
  isWorkspaceSource,
  sameChange,
  sessionVersions,
  type InstructionChange,
  type MessageLike,
  type VersionCache,
  type VersionState,
  type VersionUpdate,
} from './changes.js';
import { contentDigest, trimmedDigest } from './digest.js';
import { descendantDirsBetween, findProjectRoot, rootToCwd, userGlobalDisplayPath } from './discovery.js';
import type { Parts } from './parts.js';
import type { FileSystemProvider } from './provider.js';
import { readBounded } from './reads.js';
import { directoryScopeUnderRoot, scopeKey, splitScopeKey, USER_GLOBAL_DIRECTORY, USER_GLOBAL_SCOPE } from './scope.js';
import { removeSection, replaceSection, setSection } from './text.js';

/**
 * Reconciliation: compare what the model was told (the effective changes) with what the provider shows
 * now, for a set of scopes, and render the transitions as one dynamic batch.
 *
 * Rules that make it safe:
 * - *unavailable is never removed*: a probe failure for an active scope abandons that whole directory
 *   group (its items and cache updates roll back) and keeps the last-good state;
 * - a read failure or an oversize file is "temporarily unavailable" too, never a removal;
 * - a removal is a tombstone: a file that comes back is announced with `set`;
 * - within one directory, a file whose trimmed content duplicates an earlier kept sibling is dropped
 *   (or removed if it was active);
 * - the provider version lets an unchanged active scope skip the read entirely.
 */

interface AgentLike {
  session: {
    header: { cwd?: string };
    events: ReadonlyArray<{ type: string; data: any }>;
    surface: { nodes: readonly number[] };
  };
}

export interface ReconcileOptions {
  /** Claimed messages (plus a baseline being composed): they override the durable view. */
  authorityMessages: readonly MessageLike[];
  /** Pending workspace messages whose scopes must be re-examined. */
  scopeMessages: readonly MessageLike[];
  includeBaselineScopes: boolean;
  /** Baseline scopes read but not represented (budget-omitted or duplicates): never announced. */
  excludedBaselineScopes?: ReadonlySet<string>;
  touchedPaths: readonly string[];
  projectRoot?: string;
  signal: AbortSignal;
}

interface Item {
  change: InstructionChange;
  file: BudgetFile;
}

export interface ReconcileResult {
  text: string;
  changes: InstructionChange[];
  versionUpdates: VersionUpdate[];
}

function changeSection(item: Item): string {
  const { change, file } = item;
  if (change.action === 'set') return setSection(file);
  if (change.action === 'remove') return removeSection(change.path);
  return replaceSection(change.path, file.content);
}

/** Render the batch (no intro) and keep only the transitions the text represents. */
function renderChanges(items: readonly Item[], maxBytes: number, parts: ReconcileParts): { text: string; changes: InstructionChange[] } {
  const byPath = new Map(items.map((item) => [item.file.absolutePath, item]));
  const rendered = parts.renderWithinBudget(
    items.map((item) => item.file),
    maxBytes,
    {
      intro: '',
      escape: parts.escapeFrameBody,
      section(file) {
        const item = byPath.get(file.absolutePath);
        return item === undefined ? '' : changeSection({ ...item, file });
      },
    },
  );
  const represented = new Set(rendered.represented.map((file) => file.absolutePath));
  return { text: rendered.text, changes: items.filter((item) => represented.has(item.file.absolutePath)).map((item) => item.change) };
}

export type ReconcileParts = Pick<Parts, 'renderWithinBudget' | 'escapeFrameBody' | 'probeScopeCandidate' | 'effectiveChanges'>;

export async function reconcile(
  agent: AgentLike,
  config: ResolvedConfig,
  cache: VersionCache,
  fs: FileSystemProvider,
  options: ReconcileOptions,
  parts: ReconcileParts,
): Promise<ReconcileResult | undefined> {
  const session = agent.session;
  const effective = parts.effectiveChanges(session, options.authorityMessages);
  const cwd = session.header.cwd ?? process.cwd();
  const root = options.projectRoot ?? (await findProjectRoot(cwd, config.projectRootMarkers, fs, options.signal));

  const candidateScopes = (target: Set<string>, directory: string) => {
    for (const name of config.instructionFileCandidates) target.add(scopeKey(directory, name));
    for (const name of config.localInstructionFileCandidates) target.add(scopeKey(directory, name));
  };
  const baselineScopes = new Set<string>([USER_GLOBAL_SCOPE]);
  for (const dir of rootToCwd(root, cwd)) candidateScopes(baselineScopes, directoryScopeUnderRoot(root, dir));

  // Which scopes this pass examines.
  const scopes = new Set<string>();
  const skipBaseline = (scope: string) => !options.includeBaselineScopes && baselineScopes.has(scope);
  if (options.includeBaselineScopes) for (const scope of baselineScopes) scopes.add(scope);
  for (const message of options.scopeMessages) {
    if (!isWorkspaceSource(message.source)) continue;
    for (const change of changesOf(message.source)) if (!skipBaseline(change.scope)) scopes.add(change.scope);
  }
  for (const scope of effective.keys()) {
    if (skipBaseline(scope)) continue;
    // A known scope brings its whole directory: a sibling may have appeared or converged.
    const { directory } = splitScopeKey(scope);
    if (directory === USER_GLOBAL_DIRECTORY) scopes.add(USER_GLOBAL_SCOPE);
    else candidateScopes(scopes, directory);
  }
  for (const touched of options.touchedPaths) {
    for (const dir of descendantDirsBetween(cwd, touched)) candidateScopes(scopes, directoryScopeUnderRoot(root, dir));
  }

  const versions = sessionVersions(cache, session);
  const seenPaths = new Set<string>();
  const keptTrimmed = new Map<string, Set<string>>();
  /** True when `digest` duplicates a sibling already kept in `directory`. */
  const duplicateOfKept = (directory: string, digest: string): boolean => {
    let digests = keptTrimmed.get(directory);
    if (digests === undefined) {
      digests = new Set();
      keptTrimmed.set(directory, digests);
    }
    if (digests.has(digest)) return true;
    digests.add(digest);
    return false;
  };
  const items: Item[] = [];
  const updates: VersionUpdate[] = [];
  const pushRemoval = (scope: string, path: string) => {
    const change: InstructionChange = { action: 'remove', scope, path };
    items.push({ change, file: { absolutePath: `removed:${scope}`, displayPath: path, content: '' } });
    updates.push({ change });
  };

  const byDirectory = new Map<string, string[]>();
  for (const scope of scopes) {
    const { directory } = splitScopeKey(scope);
    const group = byDirectory.get(directory);
    if (group === undefined) byDirectory.set(directory, [scope]);
    else group.push(scope);
  }

  for (const [directory, group] of byDirectory) {
    const probed: string[] = [];
    for (const scope of group) {
      if (options.excludedBaselineScopes !== undefined && baselineScopes.has(scope) && options.excludedBaselineScopes.has(scope)) {
        const previous = effective.get(scope);
        if (isActive(previous)) pushRemoval(scope, previous.path);
        else versions.delete(scope);
      } else {
        probed.push(scope);
      }
    }
    const itemMark = items.length;
    const updateMark = updates.length;
    const addedPaths: string[] = [];
    const priorVersions = new Map<string, VersionState | undefined>(probed.map((scope) => [scope, versions.get(scope)]));

    for (const scope of probed) {
      const previous = effective.get(scope);
      const { candidateName } = splitScopeKey(scope);
      const base = directory === USER_GLOBAL_DIRECTORY ? config.dshHome : directory === '.' ? root : join(root, directory);
      const absolutePath = join(base, candidateName);
      const probe = await parts.probeScopeCandidate(absolutePath, fs, options.signal);

      if (probe.kind === 'unavailable') {
        if (!isActive(previous)) continue;
        // Keep the last-good state of the whole directory group.
        items.splice(itemMark);
        updates.splice(updateMark);
        for (const [scopeInGroup, prior] of priorVersions) {
          if (prior === undefined) versions.delete(scopeInGroup);
          else versions.set(scopeInGroup, prior);
        }
        for (const path of addedPaths) seenPaths.delete(path);
        keptTrimmed.delete(directory);
        break;
      }
      if (probe.kind === 'absent') {
        if (isActive(previous)) pushRemoval(scope, previous.path);
        else versions.delete(scope);
        continue;
      }

      const displayPath = directory === USER_GLOBAL_DIRECTORY ? userGlobalDisplayPath(config.dshHome) : relative(root, absolutePath);
      // The home and a project file can be the same path: one transition only.
      if (seenPaths.has(absolutePath)) continue;
      seenPaths.add(absolutePath);
      addedPaths.push(absolutePath);

      const cached = versions.get(scope);
      const info = probe.info;
      if (
        cached !== undefined &&
        cached.path === displayPath &&
        cached.version === info.version &&
        isActive(previous) &&
        previous.path === cached.path &&
        previous.digest === cached.digest
      ) {
        // Unchanged since announced: no read, unless an earlier sibling now carries the same text.
        if (duplicateOfKept(directory, cached.trimmedDigest)) pushRemoval(scope, previous.path);
        continue;
      }

      const content = await readBounded({ absolutePath, target: info.target, size: info.size }, config.maxSourceBytes, fs, options.signal);
      if (content === undefined) continue;
      const digest = contentDigest(content);
      const trimmed = trimmedDigest(content);
      if (duplicateOfKept(directory, trimmed)) {
        if (isActive(previous)) pushRemoval(scope, previous.path);
        else versions.delete(scope);
        continue;
      }
      const nextState: VersionState = { path: displayPath, version: info.version, digest, trimmedDigest: trimmed };
      if (isActive(previous) && previous.path === displayPath && previous.digest === digest) {
        versions.set(scope, nextState);
        continue;
      }
      const change: InstructionChange = { action: isActive(previous) ? 'replace' : 'set', scope, path: displayPath, digest };
      items.push({ change, file: { absolutePath, displayPath, content } });
      updates.push({ change, state: nextState });
    }
  }

  if (items.length === 0) return undefined;
  const rendered = renderChanges(items, config.maxBytes, parts);
  // Nothing represented (a notice only): announce nothing, so the next touch retries.
  if (rendered.text.length === 0 || rendered.changes.length === 0) return undefined;
  return {
    text: rendered.text,
    changes: rendered.changes,
    versionUpdates: updates.filter((update) => rendered.changes.some((change) => sameChange(update.change, change))),
  };
}

