import { contentDigest, trimmedDigest } from './digest.js';
import { scopeOfDisplayPath } from './scope.js';

/**
 * Change records and the state derived from them. A workspace message's `source.changes` is the
 * durable record of what the model was told: `set` (new file), `replace` (new content), `remove`
 * (no longer applies, a tombstone). The latest change per scope among *visible* messages is the
 * model's current view; shadowed (compacted) messages no longer count.
 */

export type ChangeAction = 'set' | 'replace' | 'remove';

export interface InstructionChange {
  action: ChangeAction;
  scope: string;
  path: string;
  digest?: string;
}

/** What the plugin remembers per scope to skip unchanged reads (never the prose). */
export interface VersionState {
  path: string;
  version: unknown;
  digest: string;
  trimmedDigest: string;
}

export type VersionCache = WeakMap<object, Map<string, VersionState>>;

export interface MessageLike {
  content?: unknown;
  source: { kind: string; [key: string]: unknown };
}

export const SOURCE_KIND = 'agent-instructions';

/** Any source with `kind:'agent-instructions'` and a `changes` array (however malformed its entries). */
export function isWorkspaceSource(source: unknown): source is { kind: string; changes: unknown[] } {
  return typeof source === 'object' && source !== null && 'kind' in source && (source as { kind: unknown }).kind === SOURCE_KIND && 'changes' in source && Array.isArray((source as { changes: unknown }).changes);
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The well-formed entries of `source.changes`; anything else is ignored, never trusted. */
export function changesOf(source: { changes: unknown[] }): InstructionChange[] {
  const out: InstructionChange[] = [];
  for (const value of source.changes) {
    if (!isRecord(value)) continue;
    if (value.action !== 'set' && value.action !== 'replace' && value.action !== 'remove') continue;
    if (typeof value.scope !== 'string' || typeof value.path !== 'string') continue;
    if (value.digest !== undefined && typeof value.digest !== 'string') continue;
    out.push({ action: value.action, scope: value.scope, path: value.path, ...(value.digest !== undefined ? { digest: value.digest as string } : {}) });
  }
  return out;
}

export function sameChange(a: InstructionChange, b: InstructionChange): boolean {
  return a.action === b.action && a.scope === b.scope && a.path === b.path && a.digest === b.digest;
}

export function isActive(change: InstructionChange | undefined): change is InstructionChange {
  return change !== undefined && change.action !== 'remove';
}

interface SessionLike {
  events: ReadonlyArray<{ type: string; data: any }>;
  surface: { nodes: readonly number[] };
}

/**
 * scope → latest change: visible durable messages in log order, then the authority messages (the
 * claimed batch and any baseline being composed), which override.
 */
export function effectiveChanges(session: SessionLike, authority: readonly MessageLike[]): Map<string, InstructionChange> {
  const visible = new Set(session.surface.nodes);
  const effective = new Map<string, InstructionChange>();
  for (const [seq, event] of session.events.entries()) {
    if (event.type !== 'user/message' || !isWorkspaceSource(event.data.source)) continue;
    for (const change of changesOf(event.data.source)) if (visible.has(seq)) effective.set(change.scope, change);
  }
  for (const message of authority) {
    if (!isWorkspaceSource(message.source)) continue;
    for (const change of changesOf(message.source)) effective.set(change.scope, change);
  }
  return effective;
}

/** The `set` changes and version states a set of baseline files stands for. */
export function baselineState(files: ReadonlyArray<{ displayPath: string; content: string; version?: unknown }>): {
  changes: Map<string, InstructionChange>;
  versions: Map<string, VersionState>;
} {
  const changes = new Map<string, InstructionChange>();
  const versions = new Map<string, VersionState>();
  for (const file of files) {
    const digest = contentDigest(file.content);
    const change: InstructionChange = { action: 'set', scope: scopeOfDisplayPath(file.displayPath), path: file.displayPath, digest };
    changes.set(change.scope, change);
    // No provider version, no cache entry: a version is never invented.
    if (file.version !== undefined) versions.set(change.scope, { path: file.displayPath, version: file.version, digest, trimmedDigest: trimmedDigest(file.content) });
  }
  return { changes, versions };
}

export function sessionVersions(cache: VersionCache, session: object): Map<string, VersionState> {
  let states = cache.get(session);
  if (states === undefined) {
    states = new Map();
    cache.set(session, states);
  }
  return states;
}

export interface VersionUpdate {
  change: InstructionChange;
  /** Undefined: forget the scope. */
  state?: VersionState;
}

/** Commit cache updates; a session left with nothing cached releases its entry. */
export function commitVersionUpdates(cache: VersionCache, session: object, updates: readonly VersionUpdate[]): void {
  if (updates.length === 0) return;
  const states = sessionVersions(cache, session);
  for (const update of updates) {
    if (update.state === undefined) states.delete(update.change.scope);
    else states.set(update.change.scope, update.state);
  }
  if (states.size === 0) cache.delete(session);
}
