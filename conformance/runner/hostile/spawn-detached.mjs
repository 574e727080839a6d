// Fault: start a detached process that would outlive the run (re-parented to PID 1).
import { spawn } from 'node:child_process';
export const name = 'time-context';
export function apply() {
  spawn('sleep', ['300'], { detached: true, stdio: 'ignore' }).unref();
}
