import type { UserMessage } from '../../reference/shared/message.js';
import type { SimSession } from './session.js';

export type InboxLane = 'next-turn' | 'next-step';

/**
 * The agent's inbox: messages waiting to be claimed by the next pre-step. `next-turn` holds prompts
 * (one is claimed on the first step of a turn), `next-step` holds steering and queued context (all
 * claimed at every step). agent-instructions reads `nextStep` and calls `remove`, `prepend` and
 * `replace`; every mutation is recorded so fixtures can assert on inbox traffic.
 */
export type InboxMethod = 'prepend' | 'replace' | 'remove';

export class Inbox {
  readonly nextTurn: UserMessage[] = [];
  readonly nextStep: UserMessage[] = [];
  readonly ops: string[] = [];
  /** Injected faults: the next call of that method throws this message (once). */
  private readonly faults = new Map<InboxMethod, string>();

  /** Make the next `method` call throw `message` (a host whose inbox rejects a mutation, e.g. a closed agent). */
  fail(method: InboxMethod, message: string): void {
    this.faults.set(method, message);
  }

  private checkFault(method: InboxMethod): void {
    const message = this.faults.get(method);
    if (message === undefined) return;
    this.faults.delete(method);
    this.ops.push(`${method} failed`);
    // A non-Error value: how a plugin reports it must not depend on stack traces.
    throw message;
  }

  private lane(lane: InboxLane): UserMessage[] {
    return lane === 'next-turn' ? this.nextTurn : this.nextStep;
  }

  push(lane: InboxLane, message: UserMessage): void {
    this.lane(lane).push(message);
    this.ops.push(`push ${lane} ${message.id}`);
  }

  prepend(lane: InboxLane, message: UserMessage): void {
    this.checkFault('prepend');
    this.lane(lane).unshift(message);
    this.ops.push(`prepend ${lane} ${message.id}`);
  }

  remove(id: string): boolean {
    this.checkFault('remove');
    for (const lane of [this.nextStep, this.nextTurn]) {
      const i = lane.findIndex((m) => m.id === id);
      if (i >= 0) {
        lane.splice(i, 1);
        this.ops.push(`remove ${id}`);
        return true;
      }
    }
    return false;
  }

  replace(id: string, message: UserMessage): boolean {
    this.checkFault('replace');
    for (const lane of [this.nextStep, this.nextTurn]) {
      const i = lane.findIndex((m) => m.id === id);
      if (i >= 0) {
        lane[i] = message;
        this.ops.push(`replace ${id} ${message.id}`);
        return true;
      }
    }
    return false;
  }

  /** What a pre-step claims: all next-step input, plus one prompt on the first step of a turn. */
  claim(firstStep: boolean): UserMessage[] {
    const claimed = this.nextStep.splice(0);
    if (firstStep && this.nextTurn.length > 0) claimed.push(this.nextTurn.shift()!);
    return claimed;
  }
}

/** The object plugins see as `agent` (payload `agent`, `exec.agent`). */
export class SimAgent {
  readonly inbox = new Inbox();
  constructor(
    readonly id: string,
    public session: SimSession,
  ) {}
}
