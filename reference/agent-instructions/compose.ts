import { createUserMessage, type UserMessage } from '../shared/message.js';
import { baselineIdentity, isUsableBudget, type ResolvedConfig } from './config.js';
import { loadBaselineSet } from './baseline.js';
import { baselineState, commitVersionUpdates, SOURCE_KIND, type InstructionChange, type MessageLike, type VersionCache } from './changes.js';
import { findProjectRoot } from './discovery.js';
import type { Parts } from './parts.js';
import type { FileSystemProvider } from './provider.js';
import { reconcile } from './reconcile.js';

/**
 * Composition of the one workspace message a pass wants the model to see next:
 *
 * 1. When no compatible baseline is visible (none yet, a different identity, or it was compacted
 *    away), or this plugin instance has not prepared one for the session (after restart or remount),
 *    load the baseline. If the visible baseline is missing or incompatible, the message carries a
 *    complete baseline block (with "replaces all earlier…" wording and removals when superseding).
 * 2. Reconcile the dynamic scopes and append their block to the same message.
 *
 * Without a provider, or with an unusable budget, nothing is composed.
 */

export interface AgentLike {
  session: {
    header: { cwd?: string };
    events: ReadonlyArray<{ type: string; data: any }>;
    surface: { nodes: readonly number[] };
  };
}

interface Preparation {
  identity: string;
  /** Baseline scopes read but not represented: reconciliation must not announce them. */
  excludedScopes: Set<string>;
}

export interface ComposerState {
  config: ResolvedConfig;
  fs(): FileSystemProvider | undefined;
  versions: VersionCache;
  preparations: WeakMap<object, Preparation>;
  parts: Parts;
}

type BaselineSource = { kind: string; baseline?: unknown; baselineIdentity?: unknown; changes?: InstructionChange[] };

/** The newest claimed baseline, else the newest baseline on the visible surface. */
export function findVisibleBaseline(agent: AgentLike, claimed: readonly MessageLike[]): BaselineSource | undefined {
  for (const message of claimed.toReversed()) {
    if (message.source.kind === SOURCE_KIND && message.source.baseline === true) return message.source as BaselineSource;
  }
  for (const seq of agent.session.surface.nodes.toReversed()) {
    const event = agent.session.events[seq];
    if (event?.type === 'user/message' && event.data.source.kind === SOURCE_KIND && event.data.source.baseline === true) return event.data.source;
  }
  return undefined;
}

export function createComposer(state: ComposerState) {
  const { config, parts } = state;

  return async function compose(
    agent: AgentLike,
    signal: AbortSignal,
    claimed: readonly UserMessage[],
    pending: readonly UserMessage[],
    touchedPaths: readonly string[] = [],
  ): Promise<UserMessage | undefined> {
    signal.throwIfAborted();
    if (!isUsableBudget(config.maxBytes)) return undefined;
    const fs = state.fs();
    if (fs === undefined) return undefined;
    // A queued context is reused as is unless a touch asks for a fresh look.
    if (touchedPaths.length === 0 && pending.length > 0) return pending[0];

    const content: Array<UserMessage['content'][number]> = [];
    const changes: InstructionChange[] = [];
    let emitsBaseline = false;
    const authority: MessageLike[] = [...claimed];
    const cwd = agent.session.header.cwd ?? process.cwd();
    const root = await findProjectRoot(cwd, config.projectRootMarkers, fs, signal);
    const identity = baselineIdentity(config, cwd, root);
    const visibleBaseline = parts.findVisibleBaseline(agent, authority);
    const keep = visibleBaseline?.baselineIdentity === identity;
    const prepared = state.preparations.get(agent.session);
    let excluded = keep && prepared?.identity === identity ? prepared.excludedScopes : undefined;
    let preparation: Preparation | undefined;

    if (visibleBaseline === undefined || !keep || excluded === undefined) {
      const replacing = visibleBaseline !== undefined && !keep;
      const set = await loadBaselineSet(
        {
          cwd,
          dshHome: config.dshHome,
          projectRootMarkers: config.projectRootMarkers,
          maxBytes: config.maxBytes,
          maxSourceBytes: config.maxSourceBytes,
          instructionFileCandidates: config.instructionFileCandidates,
          localInstructionFileCandidates: config.localInstructionFileCandidates,
          projectRoot: root,
          replacePreviousBaseline: replacing,
          signal,
        },
        fs,
        parts,
      );
      const represented = baselineState(set?.included ?? []);
      const observed = baselineState(set?.observed ?? []);
      const excludedScopes = new Set(observed.changes.keys());
      for (const scope of represented.changes.keys()) excludedScopes.delete(scope);
      excluded = excludedScopes;
      preparation = { identity, excludedScopes };

      let versions = state.versions.get(agent.session);
      if (versions === undefined && represented.versions.size > 0) {
        versions = new Map();
        state.versions.set(agent.session, versions);
      }
      for (const [scope, version] of represented.versions) versions?.set(scope, version);

      if (!keep && set !== undefined && set.rendered.text.length > 0) {
        const block = { type: 'text', text: set.rendered.text };
        content.push(block);
        // Superseding: everything the old baseline announced that the new one lacks is removed.
        const replacementScopes = new Set(represented.changes.keys());
        const superseded: InstructionChange[] = replacing
          ? // Accessed as written so a forged baseline fails exactly like upstream's (same TypeError text).
            visibleBaseline!.changes!.flatMap((change) =>
              change.action === 'remove' || replacementScopes.has(change.scope) ? [] : [{ action: 'remove' as const, scope: change.scope, path: change.path }],
            )
          : [];
        const baselineChanges = [...superseded, ...represented.changes.values()];
        changes.push(...baselineChanges);
        authority.push(
          createUserMessage({
            content: [block],
            source: { kind: SOURCE_KIND, form: 'instructions', baseline: true, baselineIdentity: identity, changes: baselineChanges },
          }),
        );
        emitsBaseline = true;
      }
    }

    const update = await reconcile(
      agent,
      config,
      state.versions,
      fs,
      {
        authorityMessages: authority,
        scopeMessages: pending,
        includeBaselineScopes: keep,
        ...(keep ? { excludedBaselineScopes: excluded } : {}),
        touchedPaths,
        projectRoot: root,
        signal,
      },
      parts,
    );
    if (update !== undefined) {
      content.push({ type: 'text', text: update.text });
      changes.push(...update.changes);
      commitVersionUpdates(state.versions, agent.session, update.versionUpdates);
    }
    if (preparation !== undefined) state.preparations.set(agent.session, preparation);
    if (content.length === 0) return undefined;
    return createUserMessage({
      content,
      source: {
        kind: SOURCE_KIND,
        form: 'instructions',
        ...(emitsBaseline ? { baseline: true, baselineIdentity: identity } : {}),
        changes,
      },
    });
  };
}

export type Compose = ReturnType<typeof createComposer>;
