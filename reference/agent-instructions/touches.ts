/**
 * File touches: which successful tool results name a file whose directories may hold instructions,
 * and when they are projected.
 *
 * - Only `read`, `write` and `edit` results count, and only when they succeeded, belong to an agent,
 *   were not aborted, and carry a non-blank string `arguments.file_path`.
 * - A nested execution (`exec.parent` set) hands its touches to the parent and stops there; the parent
 *   projects them when its own result arrives, even if the parent itself was blocked or failed.
 * - A top-level touch inside an open step (`step/start` not yet closed by `step/end`/`turn/end`)
 *   waits for `step/end`, so instructions never land between a tool call and its result.
 */

export const TOUCH_TOOLS = new Set(['read', 'write', 'edit']);

export interface Touch<A> {
  agent: A;
  path: string;
}

export interface ToolExecution<A> {
  name: string;
  arguments?: unknown;
  agent?: A;
  signal: AbortSignal;
  token: unknown;
  parent?: unknown;
}

export function touchedFilePath(exec: { name: string; arguments?: unknown }): string | undefined {
  if (!TOUCH_TOOLS.has(exec.name)) return undefined;
  if (typeof exec.arguments !== 'object' || exec.arguments === null) return undefined;
  if (!('file_path' in exec.arguments) || typeof (exec.arguments as { file_path: unknown }).file_path !== 'string') return undefined;
  const path = (exec.arguments as { file_path: string }).file_path.trim();
  return path.length > 0 ? path : undefined;
}

interface SessionLike {
  events: ReadonlyArray<{ type: string }>;
}

/** Open-step tracking per session object, seeded by one history scan, then kept by `session/event`. */
export class StepGate<A extends { session: object }> {
  private readonly open = new WeakMap<object, boolean>();
  private readonly staged = new WeakMap<object, Touch<A>[]>();

  isOpen(session: SessionLike): boolean {
    const known = this.open.get(session);
    if (known !== undefined) return known;
    let open = false;
    for (const event of session.events) {
      if (event.type === 'step/start') open = true;
      else if (event.type === 'step/end' || event.type === 'turn/end') open = false;
    }
    this.open.set(session, open);
    return open;
  }

  stage(session: object, touch: Touch<A>): void {
    const list = this.staged.get(session);
    if (list === undefined) this.staged.set(session, [touch]);
    else list.push(touch);
  }

  /** Track one durable event; returns the touches released by a `step/end`. */
  observe(session: object, event: { type: string }): Touch<A>[] {
    if (event.type === 'step/start') {
      this.open.set(session, true);
      return [];
    }
    if (event.type === 'turn/end') {
      // A turn that ends without step/end keeps its staged touches for the next step/end.
      this.open.set(session, false);
      return [];
    }
    if (event.type !== 'step/end') return [];
    this.open.set(session, false);
    const released = this.staged.get(session) ?? [];
    this.staged.delete(session);
    return released;
  }
}

/** Touches of nested executions, waiting for their parent's result. */
export class NestedTouches<A> {
  private readonly byToken = new Map<unknown, Touch<A>[]>();

  /** Everything this execution's children handed up, plus its own touch. */
  collect(exec: ToolExecution<A>, result: { isError?: boolean }): Touch<A>[] {
    const touches = this.byToken.get(exec.token) ?? [];
    this.byToken.delete(exec.token);
    if (!result.isError && exec.agent !== undefined && !exec.signal.aborted) {
      const path = touchedFilePath(exec);
      if (path !== undefined) touches.push({ agent: exec.agent, path });
    }
    return touches;
  }

  handUp(parent: unknown, touches: Touch<A>[]): void {
    if (touches.length === 0) return;
    const existing = this.byToken.get(parent);
    if (existing === undefined) this.byToken.set(parent, touches);
    else existing.push(...touches);
  }

  clear(): void {
    this.byToken.clear();
  }
}
