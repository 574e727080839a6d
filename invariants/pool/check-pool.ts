import { fileURLToPath } from 'node:url';
import { Worker, type ResourceLimits } from 'node:worker_threads';
import { specRefFor, type CheckOptions } from '../engine.js';
import { engineMessages, engineRules } from '../engine-rules.js';
import type { MessageOf } from '../message-templates.js';
import { findingMessage } from '../messages.js';
import type { FileResult } from '../check.js';
import type { PoolRequest, PoolResponse } from './protocol.js';

/**
 * `check` over many files on worker threads. Files are handed out one at a time to whichever worker is
 * free (logs differ in size by orders of magnitude, so static slices would leave a core idle); results
 * are delivered to `onResult` in file order, exactly as the sequential loop would, so reports do not
 * depend on the number of workers or on timing.
 *
 * Each worker runs under V8 resource limits. A log that drives a worker past them (or kills it any
 * other way) becomes a LOG-CHECK-2 error for that file only; a fresh worker takes the next file, so the
 * other logs' results are never lost.
 */
export interface PoolOptions {
  options: CheckOptions;
  maxLineBytes?: number;
  /** Worker threads to start (at most one per file). */
  workers: number;
  onResult: (result: FileResult) => void;
  /** Per-worker V8 limits; defaults to {@link WORKER_LIMITS}. */
  resourceLimits?: ResourceLimits;
}

/**
 * Per-worker heap budget. The live state of a check is small (one chunk, one frame, one line, the open
 * model: tens of MB even for a 1 GB log); a tight old generation makes V8 collect instead of growing, and
 * a small young generation keeps the semi-spaces (which every short-lived line string passes through)
 * from inflating RSS.
 */
export const WORKER_LIMITS: ResourceLimits = { maxOldGenerationSizeMb: 96, maxYoungGenerationSizeMb: 16 };

const fromSource = import.meta.url.endsWith('.ts');
const workerUrl = new URL(fromSource ? './check-worker.ts' : './check-worker.js', import.meta.url);

function spawn(limits: ResourceLimits): Worker {
  const options = { resourceLimits: limits, stdout: false, stderr: false };
  if (!fromSource) return new Worker(fileURLToPath(workerUrl), options);
  // From source (tests, tsx) the worker registers tsx's loader before importing the TypeScript entry
  // (a worker's execArgv --import does not apply to its own entry module); tsx is resolved from this
  // package, not from the user's cwd.
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((m) => { m.register(); return import(${JSON.stringify(workerUrl.href)}); })`;
  return new Worker(boot, { ...options, eval: true });
}

/** The result for a file whose worker died: one file-level LOG-CHECK-2, status unreadable. */
type Lost = Extract<MessageOf<typeof engineMessages>, { rule: 'LOG-CHECK-2' }>;

function lostFile(file: string, why: Omit<Lost, 'rule'>): FileResult {
  const meta = engineRules['LOG-CHECK-2'];
  return {
    file,
    events: 0,
    bytes: 0,
    status: 'unreadable',
    findings: [{ rule: 'LOG-CHECK-2', severity: 'error', file, line: null, byteOffset: null, seq: null, witness: [], ...findingMessage('LOG-CHECK-2', why.messageId, why.data), specRef: specRefFor('LOG-CHECK-2', meta) }],
    suppressed: {},
    counts: { error: 1, warning: 0, info: 0 },
  };
}

export async function checkInPool(files: readonly string[], { options, maxLineBytes, workers, onResult, resourceLimits = WORKER_LIMITS }: PoolOptions): Promise<void> {
  if (files.length === 0) return;
  const results: Array<FileResult | undefined> = new Array(files.length);
  let next = 0; // next file to hand out
  let delivered = 0; // results passed to onResult (a prefix of files)
  const deliver = (): void => {
    while (delivered < files.length && results[delivered] !== undefined) {
      onResult(results[delivered]!);
      results[delivered++] = undefined; // release it: only out-of-order results are held
    }
  };
  const count = Math.max(1, Math.min(workers, files.length));
  await new Promise<void>((resolve, reject) => {
    let running = 0;
    const finish = (id: number, result: FileResult): void => {
      results[id] = result;
      try {
        deliver();
      } catch (error) {
        reject(error);
      }
    };
    const start = (): void => {
      const worker = spawn(resourceLimits);
      running++;
      let current: number | null = null;
      let dead = false;
      const feed = (): void => {
        if (next >= files.length) {
          current = null;
          void worker.terminate();
          return;
        }
        current = next++;
        worker.postMessage({ id: current, file: files[current], options, maxLineBytes } satisfies PoolRequest);
      };
      worker.on('message', (m: PoolResponse) => {
        current = null;
        finish(m.id, m.kind === 'result' ? m.result : lostFile(files[m.id], { messageId: 'crashed', data: { error: m.message } }));
        feed();
      });
      const die = (why: Omit<Lost, 'rule'>): void => {
        if (dead) return;
        dead = true;
        running--;
        if (current !== null) {
          finish(current, lostFile(files[current], why));
          current = null;
          // The dead worker's share of the queue goes to a fresh one.
          if (next < files.length) start();
        }
        if (running === 0) resolve();
      };
      worker.on('error', (error: Error & { code?: string }) => {
        die(error.code === 'ERR_WORKER_OUT_OF_MEMORY' ? { messageId: 'outOfMemory', data: { heapBudgetMb: resourceLimits.maxOldGenerationSizeMb ?? null } } : { messageId: 'workerFailed', data: { error: error.message } });
      });
      worker.on('exit', (code) => die({ messageId: 'workerExited', data: { exitCode: code } }));
      feed();
    };
    for (let i = 0; i < count; i++) start();
  });
  deliver();
}
