// Fault: allocate off-heap memory (Buffers, outside the V8 heap limit) without end.
export const name = 'time-context';
const hoard = [];
export function apply() {
  for (;;) hoard.push(Buffer.alloc(64 * 1024 * 1024, 1));
}
