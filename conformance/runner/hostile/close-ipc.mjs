// Fault: close the kit's channel.
import { closeSync } from 'node:fs';
export const name = 'time-context';
export function apply() {
  closeSync(3);
}
