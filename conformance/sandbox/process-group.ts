import { readFileSync } from 'node:fs';

/**
 * Every process the kit starts for a plugin runs in its own process group (`detached: true`), and is
 * killed as a group: on timeout, when it is stopped, when the run ends, and when the kit itself gets
 * SIGINT/SIGTERM or exits. Nothing the plugin started can outlive the run through this path.
 */
const live = new Set<number>();
let hooked = false;

/** SIGKILL the process group led by `pid` (and the process itself, should it have left the group). */
export function killGroup(pid: number | undefined): void {
  if (pid === undefined) return;
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
}

function killAll(): void {
  for (const pid of live) killGroup(pid);
  live.clear();
}

function onSignal(signal: NodeJS.Signals): void {
  killAll();
  unhook();
  // Re-raise with the default disposition so the kit's exit status says which signal ended it.
  process.kill(process.pid, signal);
}

function hook(): void {
  if (hooked) return;
  hooked = true;
  process.on('exit', killAll);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
}

function unhook(): void {
  if (!hooked) return;
  hooked = false;
  process.off('exit', killAll);
  process.off('SIGINT', onSignal);
  process.off('SIGTERM', onSignal);
  process.off('SIGHUP', onSignal);
}

/** Track a group leader; the signal handlers are installed only while one is alive. */
export function trackGroup(pid: number): void {
  live.add(pid);
  hook();
}

export function releaseGroup(pid: number): void {
  killGroup(pid);
  live.delete(pid);
  if (live.size === 0) unhook();
}

/** Resident set size of `pid` in bytes (from /proc), or undefined where /proc is not available. */
export function residentBytes(pid: number): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const m = /^VmRSS:\s+(\d+) kB/m.exec(status);
    return m ? Number(m[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Poll a child's resident memory (heap and off-heap alike: Buffers, ArrayBuffers, wasm memories)
 * and call `exceeded` once it passes `limitBytes`. Polling every 25 ms bounds the overshoot by what a
 * process can touch in that time (zero-filling memory runs at a few GB/s at most).
 */
export function watchMemory(pid: number, limitBytes: number, exceeded: (rss: number) => void): () => void {
  const timer = setInterval(() => {
    const rss = residentBytes(pid);
    if (rss !== undefined && rss > limitBytes) {
      clearInterval(timer);
      exceeded(rss);
    }
  }, 25);
  timer.unref();
  return () => clearInterval(timer);
}
