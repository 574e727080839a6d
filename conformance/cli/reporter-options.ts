import { accessSync, constants, createWriteStream, existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { UsageError } from './usage-error.js';

/**
 * Reporter options shared by `run`, `check` and `merge-reports`, in vitest's forms:
 *
 *   --reporter human --reporter junit:conform.xml     several reporters, each with its own file
 *   --reporter junit --output-file.junit=conform.xml   the same, vitest's spelling
 *   --reporter json --output report.json               one reporter: --output (or --output-file) is its file
 *
 * At most one reporter writes to stdout. Every file is checked for writability before any work is
 * done, so a typo in a path is a usage error (exit 2) and not a crash after a long run.
 */
export interface ReporterTarget<N extends string = string> {
  name: N;
  /** Absent: stdout. */
  file?: string;
}

export interface RawReporterOptions {
  reporter?: string[];
  output?: string;
  'output-file'?: string;
}

/** `parseArgs` options for the shared flags (spread into each command's own options). */
export const reporterParseOptions = {
  reporter: { type: 'string', multiple: true },
  output: { type: 'string' },
  'output-file': { type: 'string' },
} as const;

const OUTPUT_FILE_DOT = /^--output-file\.([a-z-]+)(?:=(.*))?$/s;

/**
 * Take `--output-file.NAME=FILE` / `--output-file.NAME FILE` out of argv (node:util parseArgs cannot
 * express a dotted option family) and return the rest with a NAME → FILE map.
 */
export function extractOutputFiles(argv: readonly string[]): { argv: string[]; outputFiles: Map<string, string> } {
  const rest: string[] = [];
  const outputFiles = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    const m = OUTPUT_FILE_DOT.exec(a);
    if (!m) {
      rest.push(a);
      continue;
    }
    let file = m[2];
    if (file === undefined) {
      file = argv[i + 1];
      if (file === undefined || file.startsWith('--')) throw new UsageError(`--output-file.${m[1]} needs a FILE`);
      i++;
    }
    if (file === '') throw new UsageError(`--output-file.${m[1]} needs a FILE`);
    outputFiles.set(m[1], file);
  }
  return { argv: rest, outputFiles };
}

export function resolveReporters<N extends string>(raw: RawReporterOptions, outputFiles: ReadonlyMap<string, string>, allowed: readonly N[], fallback: N): ReporterTarget<N>[] {
  if (raw.output !== undefined && raw['output-file'] !== undefined) throw new UsageError('give --output or --output-file, not both');
  const output = raw.output ?? raw['output-file'];
  const targets: ReporterTarget<N>[] = [];
  for (const arg of raw.reporter?.length ? raw.reporter : [fallback]) {
    // NAME:FILE; a name never contains ':' so the first one splits (FILE may contain more).
    const colon = arg.indexOf(':');
    const name = colon < 0 ? arg : arg.slice(0, colon);
    const file = colon < 0 ? undefined : arg.slice(colon + 1);
    if (!(allowed as readonly string[]).includes(name)) throw new UsageError(`--reporter must be one of ${allowed.join(', ')}, got ${JSON.stringify(name)}`);
    if (file === '') throw new UsageError(`--reporter ${arg}: the file after ':' is empty`);
    if (targets.some((t) => t.name === name)) throw new UsageError(`--reporter ${name} is given twice`);
    targets.push({ name: name as N, ...(file !== undefined ? { file } : {}) });
  }
  for (const [name, file] of outputFiles) {
    const target = targets.find((t) => t.name === name);
    if (!target) throw new UsageError(`--output-file.${name} is given but --reporter ${name} is not`);
    if (target.file !== undefined && target.file !== file) throw new UsageError(`--reporter ${name} has two files: ${target.file} and ${file}`);
    target.file = file;
  }
  if (output !== undefined) {
    const open = targets.filter((t) => t.file === undefined);
    if (open.length === 0) throw new UsageError(`--output ${output}: every reporter already has its own file`);
    if (open.length > 1) throw new UsageError(`--output ${output} is ambiguous with reporters ${open.map((t) => t.name).join(', ')}; use --reporter NAME:FILE for each`);
    open[0].file = output;
  }
  const toStdout = targets.filter((t) => t.file === undefined);
  if (toStdout.length > 1) throw new UsageError(`reporters ${toStdout.map((t) => t.name).join(' and ')} would both write to stdout; give all but one a file (--reporter NAME:FILE)`);
  const seen = new Map<string, string>();
  for (const t of targets) {
    if (t.file === undefined) continue;
    const key = resolve(t.file);
    if (seen.has(key)) throw new UsageError(`reporters ${seen.get(key)} and ${t.name} would both write ${t.file}`);
    seen.set(key, t.name);
  }
  assertWritable(targets);
  return targets;
}

/** Throw a usage error for a report file that cannot be written (checked before the run starts). */
export function assertWritable(targets: readonly ReporterTarget[]): void {
  for (const t of targets) {
    if (t.file === undefined) continue;
    const path = resolve(t.file);
    const problem = writeProblem(path);
    if (problem) throw new UsageError(`cannot write the ${t.name} report to ${t.file} (--output / --reporter ${t.name}:FILE): ${problem}`);
  }
}

function writeProblem(path: string): string | undefined {
  try {
    if (existsSync(path)) {
      if (statSync(path).isDirectory()) return 'it is a directory';
      accessSync(path, constants.W_OK);
      return undefined;
    }
    const dir = dirname(path);
    if (!existsSync(dir)) return `directory ${dir} does not exist`;
    if (!statSync(dir).isDirectory()) return `${dir} is not a directory`;
    accessSync(dir, constants.W_OK);
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  }
}

export type Chunks = Iterable<string> | AsyncIterable<string>;

/** A reporter's output as chunks: a plain string (today's reporters) or a generator of strings. */
export function asChunks(out: string | Chunks): Chunks {
  return typeof out === 'string' ? [out] : out;
}

/** Write every target's chunks, with backpressure, to its file or to stdout. */
export async function writeReports<N extends string>(targets: readonly ReporterTarget<N>[], render: (target: ReporterTarget<N>) => Chunks, stdout: NodeJS.WritableStream = process.stdout): Promise<void> {
  for (const t of targets) {
    const chunks = render(t);
    if (t.file === undefined) {
      await pipeline(Readable.from(chunks), stdout, { end: false });
      continue;
    }
    try {
      await pipeline(Readable.from(chunks), createWriteStream(t.file));
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === undefined) throw error;
      throw new UsageError(`cannot write the ${t.name} report to ${t.file} (--output / --reporter ${t.name}:FILE): ${code}`);
    }
  }
}

/** A JSON option given inline or as `@file` (as curl and vitest accept), parsed with a clear error. */
export function readJsonOption(flag: string, raw: string): unknown {
  let text = raw;
  if (raw.startsWith('@')) {
    try {
      text = readFileSync(raw.slice(1), 'utf8');
    } catch (error) {
      throw new UsageError(`${flag} ${raw}: cannot read ${raw.slice(1)} (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    }
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`${flag}${raw.startsWith('@') ? ` ${raw}` : ''} is not valid JSON: ${(error as Error).message}`);
  }
}
