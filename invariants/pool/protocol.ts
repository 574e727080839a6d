import type { FileResult } from '../check.js';
import type { CheckOptions } from '../engine.js';

/** Messages between the check pool and its workers (structured-cloned plain data). */
export interface PoolRequest {
  id: number;
  file: string;
  options: CheckOptions;
  maxLineBytes?: number;
}

export type PoolResponse = { id: number; kind: 'result'; result: FileResult } | { id: number; kind: 'crash'; message: string };
