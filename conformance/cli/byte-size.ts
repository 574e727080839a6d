import { UsageError } from './usage-error.js';

/**
 * Sizes on the command line: `512M`, `2G`, `1.5G`, `64KiB`, or a bare number in the option's default
 * unit. One parser for every size option, so `--max-memory` and `--max-line-size` read alike.
 */
const UNITS = { K: 1024, M: 1024 ** 2, G: 1024 ** 3 } as const;

export interface ByteSizeRule {
  /** The unit of a bare number. */
  defaultUnit: keyof typeof UNITS;
  /** Smallest accepted size in bytes, and how to write it in the error. */
  min: number;
  minText: string;
  examples: string;
}

export function parseByteSize(flag: string, value: string, rule: ByteSizeRule): number {
  const m = /^(\d+(?:\.\d+)?)\s*([KMG]i?B?)?$/i.exec(value.trim());
  const unit = (m?.[2]?.[0]?.toUpperCase() ?? rule.defaultUnit) as keyof typeof UNITS;
  const bytes = m ? Number(m[1]) * UNITS[unit] : NaN;
  if (!Number.isFinite(bytes) || bytes < rule.min) throw new UsageError(`${flag} expects a size of at least ${rule.minText} such as ${rule.examples}, got ${JSON.stringify(value)}`);
  return Math.floor(bytes);
}
