import { parentPort } from 'node:worker_threads';
import { checkLog } from '../check.js';
import type { PoolRequest, PoolResponse } from './protocol.js';

/**
 * One pool worker: checks the files it is sent, one at a time, with the built-in rule modules, and
 * posts each FileResult back (plain data, structured-cloned). Anything thrown here is a bug in the
 * kit, not in a log (checkLog contains log problems as findings); it is posted back as `crash` so the
 * parent can report that file and go on.
 */
const port = parentPort!;
port.on('message', (request: PoolRequest) => {
  checkLog(request.file, { ...request.options, maxLineBytes: request.maxLineBytes }).then(
    (result) => port.postMessage({ id: request.id, kind: 'result', result } satisfies PoolResponse),
    (error: unknown) => port.postMessage({ id: request.id, kind: 'crash', message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) } satisfies PoolResponse),
  );
});
