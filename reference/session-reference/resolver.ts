import { randomUUID } from 'node:crypto';
import { freezeMessage, type UserMessage } from '../shared/message.js';
import { listCandidates, type Candidate } from './candidates.js';
import { raceAbort, cancelledError, throwIfCancelled } from './cancellation.js';
import { Config, resolveConstructorConfig, SessionReferenceError, type SessionReferenceConfig } from './config.js';
import { fitReference, type FittedReference } from './projection.js';
import { renderPrompt } from './prompt.js';
import { normaliseReferences, type NormalisedReference } from './references.js';
import type { AgentLike, ContentBlock, PreStepDecision, PreStepPayload, ResolverContext, SurfaceSnapshot } from './types.js';
import { formatSessionReferenceMention, parseSessionReferenceText, type ParsedSessionReference } from './uri.js';

/**
 * `ctx.sessionReferenceResolver`: turns mentions of other sessions in a direct user message into one
 * durable, source-attributed snapshot message placed right after that message
 * (spec/session-reference.md).
 *
 * The snapshot is taken when the message enters the model step and is then part of this session's
 * own log, so replay never reads the other session again (its later edits, compaction or deletion
 * change nothing here). Any failure fails the turn before `step/start`: a user who asked for a
 * reference must never silently get an answer without it.
 */

export const SERVICE_NAME = 'sessionReferenceResolver';

export interface PreparedMessage {
  content: ContentBlock[];
  additionalContext?: UserMessage;
}

export class SessionReferenceResolver {
  static inject = ['sessionQuery'];
  static Config = Config;

  readonly ctx: ResolverContext;
  readonly name = SERVICE_NAME;
  readonly config: SessionReferenceConfig;

  constructor(ctx: ResolverContext, config: Partial<SessionReferenceConfig> = {}) {
    this.ctx = ctx;
    // Published before the config check, as a Cordis Service base constructor does.
    ctx.reflect.provide(SERVICE_NAME, this);
    this.config = resolveConstructorConfig(config);
    // Prepended: it must see the final downstream batch, so every direct message that will enter the
    // step is resolved, whoever contributed it.
    ctx.on(
      'agent/pre-step',
      async ({ agent, signal }: PreStepPayload, next: () => Promise<PreStepDecision>) => {
        const decision = await next();
        if (decision.kind === 'reject') return decision;
        return { kind: 'enter', messages: await this.prepareDirectMessages(agent, decision.messages, signal) };
      },
      { prepend: true },
    );
  }

  private get sessionQuery() {
    return this.ctx.sessionQuery!;
  }

  /**
   * Rewrite mentions in direct user messages (other sources are never parsed: text a plugin or tool
   * produced must not be able to pull other sessions into the context) and put each message's
   * snapshot directly after it. Messages are prepared concurrently; the batch order is kept.
   */
  async prepareDirectMessages(agent: AgentLike, messages: readonly UserMessage[], signal?: AbortSignal): Promise<UserMessage[]> {
    const groups = await Promise.all(
      messages.map(async (message): Promise<UserMessage[]> => {
        if (!this.isDirect(message)) return [message];
        const references: ParsedSessionReference[] = [];
        const content = message.content.map((block) => {
          if (block.type !== 'text') return block;
          const parsed = this.parseText(block.text as string);
          references.push(...parsed.references);
          return { type: 'text', text: parsed.text };
        });
        if (references.length === 0) return [message];
        const prepared = await this.prepare(agent, content as ContentBlock[], references, signal);
        return this.place(freezeMessage({ ...message, content: prepared.content }), prepared.additionalContext);
      }),
    );
    return groups.flat();
  }

  // ---- the decisions a conformance mutant varies, one method each ----

  /** Only what a person typed is parsed; plugin and tool text must not pull sessions in. */
  protected isDirect(message: UserMessage): boolean {
    return message.source.kind === 'user';
  }

  protected parseText(text: string): { text: string; references: ParsedSessionReference[] } {
    return parseSessionReferenceText(text);
  }

  protected normalise(selfId: string, references: readonly unknown[]): NormalisedReference[] {
    return normaliseReferences(selfId, references, this.config.maxReferences);
  }

  protected fit(snapshot: SurfaceSnapshot, label: string): FittedReference | undefined {
    return fitReference(snapshot, label, this.config.maxReferenceBytes);
  }

  protected renderPayload(fitted: readonly FittedReference[]): string {
    return renderPrompt(fitted.map(({ data }) => data));
  }

  /** The snapshot goes right after the message that cited it, which keeps its id. */
  protected place(direct: UserMessage, context: UserMessage | undefined): UserMessage[] {
    if (context === undefined) throw new Error('session-reference preparation omitted context for a canonical mention');
    return [direct, context];
  }

  async listCandidates(agent: AgentLike, query = '', limit: number = this.config.candidateLimit, signal?: AbortSignal): Promise<Candidate[]> {
    return listCandidates(this.sessionQuery, agent, query, limit, signal);
  }

  /** The Remote face (`candidates`): the configured limit, each candidate with its canonical mention. */
  async remoteExportCandidates(agent: AgentLike, query: string, signal?: AbortSignal): Promise<Array<Candidate & { mention: string }>> {
    const candidates = await this.listCandidates(agent, query, this.config.candidateLimit, signal);
    return candidates.map((candidate) => ({
      ...candidate,
      mention: formatSessionReferenceMention({ sessionId: candidate.sessionId, label: candidate.label }),
    }));
  }

  /**
   * Snapshot the referenced sessions of one message: every distinct source is read once, all reads in
   * parallel and raced against the turn's signal; then each is projected and fitted in input order.
   * Returns the (detached) content and one aggregated context message, or no context when there are
   * no references.
   */
  async prepare(agent: AgentLike, content: readonly ContentBlock[], references: readonly unknown[], signal?: AbortSignal): Promise<PreparedMessage> {
    const acceptedContent = structuredClone(content) as ContentBlock[];
    const inputs = this.normalise(agent.id, references);
    if (inputs.length === 0) return { content: acceptedContent };
    throwIfCancelled(signal);
    let snapshots: Array<{ input: NormalisedReference; snapshot: SurfaceSnapshot }>;
    try {
      snapshots = await raceAbort(
        Promise.all(inputs.map(async (input) => ({ input, snapshot: await this.sessionQuery.readSurface(input.sessionId) }))),
        signal,
      );
    } catch (error) {
      // A read that fails because the turn was aborted is a cancellation, not a storage problem.
      if (signal?.aborted === true) throw cancelledError(signal);
      throw new SessionReferenceError(
        `failed to read referenced session: ${error instanceof Error ? error.message : String(error)}`,
        'SESSION_REFERENCE_READ_FAILED',
        { cause: error },
      );
    }
    throwIfCancelled(signal);
    const fitted = this.fitAll(snapshots);
    return {
      content: acceptedContent,
      additionalContext: createContextMessage(fitted, this.renderPayload(fitted)),
    };
  }

  /** All or nothing: one reference that cannot fit fails the message, never a partial snapshot. */
  private fitAll(snapshots: ReadonlyArray<{ input: NormalisedReference; snapshot: SurfaceSnapshot }>): FittedReference[] {
    return snapshots.map(({ input, snapshot }) => {
      const fitted = this.fit(snapshot, input.label);
      if (fitted === undefined) {
        throw new SessionReferenceError('referenced session snapshot cannot fit the configured byte budget', 'SESSION_REFERENCE_BUDGET_EXCEEDED');
      }
      return fitted;
    });
  }
}

/**
 * The context message. Key order `{source, content, role, id}` is what DSH's message constructor
 * produces for this input, so logs are byte-identical to upstream's.
 */
function createContextMessage(fitted: readonly FittedReference[], text: string): UserMessage {
  const source = {
    kind: 'session-reference',
    form: 'recall',
    version: 1,
    references: fitted.map(({ data, stats }, inputIndex) => ({
      sessionId: data.sessionId,
      label: data.label,
      capturedThroughSeq: data.capturedThroughSeq,
      ...stats,
      inputIndex,
    })),
  };
  return freezeMessage({ source, content: [{ type: 'text', text }], role: 'user' as const, id: randomUUID() }) as unknown as UserMessage;
}
