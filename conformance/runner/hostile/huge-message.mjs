// Fault: flood the kit's channel with one enormous message (40 MiB without a newline).
import { writeSync } from 'node:fs';
export const name = 'time-context';
export function apply() {
  const flood = Buffer.alloc(40 * 1024 * 1024, 0x61);
  for (let at = 0; at < flood.length; ) {
    try {
      at += writeSync(3, flood, at);
    } catch (error) {
      if (error.code !== 'EAGAIN') throw error;
    }
  }
}
