/**
 * Benchmark: `check` throughput and memory on a realistic generated DSH log, against a plain
 * "read in 1 MiB chunks, split on \n, JSON.parse every line" loop over the same file in the same run;
 * the upstream replay path (Session.fromRestore + the dsh-session and dsh-compaction invariant
 * companions) on small sizes; and three zstd decoders on the same multi-frame file.
 *
 *   npx tsx bench/check-throughput.ts           # full: ~110 MB log, upstream at 1/4/13 MB
 *   npx tsx bench/check-throughput.ts --quick   # CI: ~8 MB log, upstream at 1/2 MB
 *   ZSTD_NAPI_DIR=/tmp/zb npx tsx bench/check-throughput.ts   # also time zstd-napi installed (one-off)
 *                                                             # in /tmp/zb, never a dependency
 *
 * Every measurement runs in its own child process so peak RSS / heap are clean; measurements of the
 * competing modes are interleaved so background load hits both alike. Writes
 * bench/results/check-throughput.{json,md}. Generated logs live in a temp dir and are deleted.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import { generateLog } from './support/generate-log.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const self = fileURLToPath(import.meta.url);

interface ChildResult {
  mode: string;
  medianMs: number;
  samples: number;
  events: number;
  bytes: number;
  maxRssMB: number;
  peakHeapMB: number;
  note?: string;
}

// ---------------------------------------------------------------------------------------------
// Child side: one mode, one file, tinybench iterations, memory peaks.

async function child(mode: string, file: string, iterations: number): Promise<void> {
  let peakHeap = 0;
  const sampleHeap = () => {
    const h = process.memoryUsage().heapUsed;
    if (h > peakHeap) peakHeap = h;
  };
  let events = 0;
  let bytes = 0;
  let note: string | undefined;
  const task = await taskFor(mode, file, sampleHeap, (e, b, n) => {
    events = e;
    bytes = b;
    note = n;
  });
  const bench = new Bench({ iterations, warmupIterations: 1, warmup: true, time: 0 });
  bench.add(mode, task);
  await bench.run();
  const r = bench.tasks[0].result as unknown as { latency?: { p50?: number; samplesCount?: number }; error?: unknown };
  if (r.error) throw r.error;
  const result: ChildResult = {
    mode,
    medianMs: r.latency?.p50 ?? NaN,
    samples: r.latency?.samplesCount ?? iterations,
    events,
    bytes,
    maxRssMB: process.resourceUsage().maxRSS / 1024,
    peakHeapMB: peakHeap / 2 ** 20,
    ...(note ? { note } : {}),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

async function taskFor(mode: string, file: string, sampleHeap: () => void, done: (events: number, bytes: number, note?: string) => void): Promise<() => Promise<void> | void> {
  switch (mode) {
    case 'json-parse': {
      const { readChunks } = await import('../invariants/log/byte-source.js');
      return async () => {
        let lines = 0;
        let bytes = 0;
        let carry: Buffer | null = null;
        for await (const raw of readChunks(file)) {
          const chunk: Buffer = carry ? Buffer.concat([carry, raw as Buffer]) : (raw as Buffer);
          bytes += raw.length;
          let start = 0;
          for (;;) {
            const nl = chunk.indexOf(10, start);
            if (nl < 0) break;
            JSON.parse(chunk.toString('utf8', start, nl));
            lines++;
            start = nl + 1;
          }
          carry = start < chunk.length ? chunk.subarray(start) : null;
          sampleHeap();
        }
        done(lines, bytes, 'lines, not events');
      };
    }
    case 'check':
    case 'check-zstd': {
      const { checkLog } = await import('../invariants/check.js');
      return async () => {
        const timer = setInterval(sampleHeap, 20);
        const r = await checkLog(file);
        clearInterval(timer);
        sampleHeap();
        if (r.status !== 'ok') throw new Error(`benchmark log did not check clean: ${JSON.stringify(r.findings.slice(0, 3))}`);
        done(r.events, r.bytes);
      };
    }
    case 'decode-fzstd': {
      const { zstdSource, readChunks } = await import('../invariants/log/byte-source.js');
      const { createFzstdDecoder } = await import('../invariants/log/zstd/decoders.js');
      return async () => {
        let bytes = 0;
        for await (const item of zstdSource(readChunks(file), { decoder: createFzstdDecoder() })) {
          if (item.kind === 'data') bytes += item.bytes.length;
          else throw new Error(`${item.message.rule} ${item.message.messageId} ${JSON.stringify(item.message.data)}`);
          sampleHeap();
        }
        done(0, bytes, 'frame walker + fzstd + XXH64 checksum');
      };
    }
    case 'decode-zstd-cli':
      return () => {
        const r = spawnSync('zstd', ['-dc', file], { maxBuffer: 2 ** 31 - 1 });
        if (r.status !== 0) throw new Error(String(r.stderr));
        done(0, r.stdout.length, 'zstd -dc into a pipe (process spawn included)');
      };
    case 'decode-zstd-napi': {
      const dir = process.env.ZSTD_NAPI_DIR!;
      const { createRequire } = await import('node:module');
      const zstd = createRequire(join(dir, 'package.json'))('zstd-napi') as { decompress: (b: Buffer) => Buffer };
      return () => {
        // zstd-napi's one-shot decompress handles concatenated frames.
        const out = zstd.decompress(readFileSync(file));
        done(0, out.length, `zstd-napi decompress (whole file in memory)`);
      };
    }
    case 'upstream-replay': {
      const { Session, decodeStorageRecord } = await import('@deepseek-ai/dsh-session');
      const { upstreamCompanions } = await import('./support/upstream-companions.js');
      const replay = await upstreamCompanions();
      return () => {
        const lines = readFileSync(file, 'utf8').split('\n');
        const header = JSON.parse(lines[0]) as { id: string };
        const events: unknown[] = [];
        for (let i = 1; i < lines.length; i++) if (lines[i]) events.push(...decodeStorageRecord(JSON.parse(lines[i])));
        const session = Session.fromRestore(header.id as never, events as never, header as never) as unknown as { events: readonly unknown[] };
        replay(header.id, session.events);
        sampleHeap();
        done(events.length, Buffer.byteLength(lines.join('\n')));
      };
    }
  }
  throw new Error(`unknown mode ${mode}`);
}

// ---------------------------------------------------------------------------------------------
// Parent side.

function runChild(mode: string, file: string, iterations: number, env: Record<string, string> = {}): ChildResult {
  const r = spawnSync(process.execPath, ['--import', 'tsx', self, '--child', mode, file, String(iterations)], { encoding: 'utf8', env: { ...process.env, ...env }, maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`${mode} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').pop()!) as ChildResult;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** Split into ~200 KiB append batches and compress each as its own frame, as DSH's writer does. */
function compressMultiFrame(src: string, dest: string, batchBytes = 200 * 1024): number {
  const data = readFileSync(src);
  const frames: Buffer[] = [];
  let start = 0;
  while (start < data.length) {
    let end = Math.min(data.length, start + batchBytes);
    const nl = data.indexOf(10, end - 1);
    end = nl < 0 ? data.length : nl + 1;
    frames.push(execFileSync('zstd', ['-q', '-c', '--check', '-3'], { input: data.subarray(start, end), maxBuffer: 1 << 30 }));
    start = end;
  }
  writeFileSync(dest, Buffer.concat(frames));
  return frames.length;
}

async function parent(quick: boolean, write = !quick): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'dsh-bench-'));
  const loadBefore = loadavg();
  try {
    const size = quick ? 8e6 : 110e6;
    const rounds = quick ? 2 : 3;
    const iterations = quick ? 2 : 3;
    const file = join(dir, 'session.jsonl');
    process.stderr.write(`generating ${(size / 1e6).toFixed(0)} MB log...\n`);
    const gen = generateLog(file, size, 42);

    // check vs JSON.parse, interleaved rounds, each in a fresh child.
    const parse: ChildResult[] = [];
    const check: ChildResult[] = [];
    for (let r = 0; r < rounds; r++) {
      process.stderr.write(`round ${r + 1}/${rounds}: json-parse, check\n`);
      parse.push(runChild('json-parse', file, iterations));
      check.push(runChild('check', file, iterations));
    }
    const mb = gen.bytes / 1e6;
    const parseMs = median(parse.map((x) => x.medianMs));
    const checkMs = median(check.map((x) => x.medianMs));

    // zstd decoders on the same content, written as a multi-frame file.
    const zfile = join(dir, 'session.jsonl.zstd');
    const frames = compressMultiFrame(file, zfile);
    const decoders: ChildResult[] = [];
    const napiDir = process.env.ZSTD_NAPI_DIR;
    const decoderModes = ['decode-fzstd', 'decode-zstd-cli', ...(napiDir && existsSync(join(napiDir, 'node_modules/zstd-napi')) ? ['decode-zstd-napi'] : [])];
    for (const mode of decoderModes) {
      process.stderr.write(`${mode}\n`);
      const runs = Array.from({ length: rounds }, () => runChild(mode, zfile, iterations, napiDir ? { ZSTD_NAPI_DIR: napiDir } : {}));
      decoders.push({ ...runs[0], medianMs: median(runs.map((x) => x.medianMs)) });
    }
    process.stderr.write('check-zstd\n');
    const checkZstd = runChild('check-zstd', zfile, iterations);

    // Upstream replay on a few sizes (whole log in memory, plus what the restore does).
    const upstreamSizes = quick ? [1e6, 2e6] : [1e6, 4e6, 13e6];
    const upstream: Array<ChildResult & { sizeMB: number; checkMs: number }> = [];
    for (const s of upstreamSizes) {
      const f = join(dir, `up-${s}.jsonl`);
      generateLog(f, s, 7);
      process.stderr.write(`upstream replay ${(s / 1e6).toFixed(0)} MB\n`);
      const u = runChild('upstream-replay', f, 1);
      const c = runChild('check', f, 2);
      upstream.push({ ...u, sizeMB: statSync(f).size / 1e6, checkMs: c.medianMs });
    }

    const results = {
      generatedAt: new Date().toISOString(),
      quick,
      machine: {
        node: process.version,
        cpu: cpus()[0]?.model ?? 'unknown',
        cores: cpus().length,
        platform: `${process.platform}-${process.arch}`,
        // 1/5/15-minute load averages when the run started and when it ended (other jobs share the machine).
        loadAverage: { start: loadBefore.map((x) => Math.round(x * 100) / 100), end: loadavg().map((x) => Math.round(x * 100) / 100) },
      },
      log: { bytes: gen.bytes, events: gen.events, lines: gen.lines, zstdBytes: statSync(zfile).size, zstdFrames: frames },
      check: {
        medianMs: checkMs,
        mbPerS: mb / (checkMs / 1000),
        eventsPerS: gen.events / (checkMs / 1000),
        maxRssMB: Math.max(...check.map((x) => x.maxRssMB)),
        peakHeapMB: Math.max(...check.map((x) => x.peakHeapMB)),
        rounds: check.map((x) => x.medianMs),
      },
      jsonParse: {
        medianMs: parseMs,
        mbPerS: mb / (parseMs / 1000),
        linesPerS: gen.lines / (parseMs / 1000),
        maxRssMB: Math.max(...parse.map((x) => x.maxRssMB)),
        peakHeapMB: Math.max(...parse.map((x) => x.peakHeapMB)),
        rounds: parse.map((x) => x.medianMs),
      },
      ratio: parseMs / checkMs,
      checkZstd: { medianMs: checkZstd.medianMs, mbPerS: mb / (checkZstd.medianMs / 1000), maxRssMB: checkZstd.maxRssMB },
      decoders: decoders.map((d) => ({ mode: d.mode, medianMs: d.medianMs, decodedMBPerS: d.bytes / 1e6 / (d.medianMs / 1000), maxRssMB: d.maxRssMB, note: d.note })),
      upstream: upstream.map((u) => ({ sizeMB: u.sizeMB, events: u.events, replayMs: u.medianMs, checkMs: u.checkMs, maxRssMB: u.maxRssMB })),
    };
    // A quick run only prints (like the scan benchmark); --write keeps its results too.
    if (write) {
      const out = join(here, 'results');
      const name = quick ? 'check-throughput.quick' : 'check-throughput';
      writeFileSync(join(out, `${name}.json`), `${JSON.stringify(results, null, 2)}\n`);
      writeFileSync(join(out, `${name}.md`), markdown(results));
    }
    process.stdout.write(markdown(results));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function markdown(r: any): string {
  const f = (n: number, d = 0) => n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });
  const lines = [
    `# check throughput${r.quick ? ' (quick)' : ''}`,
    '',
    `Node ${r.machine.node}, ${r.machine.cpu}, ${r.machine.cores} cores (${r.machine.platform}); ${r.generatedAt}.${r.machine.loadAverage ? ` Load average (1/5/15 min) ${r.machine.loadAverage.start.join(' / ')} at the start, ${r.machine.loadAverage.end.join(' / ')} at the end.` : ''}`,
    `Generated log: ${f(r.log.bytes / 1e6, 1)} MB, ${f(r.log.events)} events in ${f(r.log.lines)} lines (packed chunk rows), zstd ${f(r.log.zstdBytes / 1e6, 1)} MB in ${r.log.zstdFrames} frames.`,
    'Each figure is the median of interleaved child-process runs (tinybench inside each child); memory is the peak of the child.',
    '',
    '| what | median | MB/s | events/s | peak RSS | peak heap |',
    '|---|---:|---:|---:|---:|---:|',
    `| JSON.parse every line (1 MiB chunks, Buffer split) | ${f(r.jsonParse.medianMs)} ms | ${f(r.jsonParse.mbPerS)} | ${f(r.jsonParse.linesPerS)} lines/s | ${f(r.jsonParse.maxRssMB)} MB | ${f(r.jsonParse.peakHeapMB)} MB |`,
    `| \`check\` (reader + all rule modules) | ${f(r.check.medianMs)} ms | ${f(r.check.mbPerS)} | ${f(r.check.eventsPerS)} | ${f(r.check.maxRssMB)} MB | ${f(r.check.peakHeapMB)} MB |`,
    `| \`check\` on the .zstd copy | ${f(r.checkZstd.medianMs)} ms | ${f(r.checkZstd.mbPerS)} (decoded) | | ${f(r.checkZstd.maxRssMB)} MB | |`,
    '',
    `**check / JSON.parse throughput ratio: ${f(r.ratio, 2)}** (target ≥ 0.5).`,
    '',
    '## zstd decoders (same multi-frame file)',
    '',
    '| decoder | median | decoded MB/s | peak RSS | note |',
    '|---|---:|---:|---:|---|',
    ...r.decoders.map((d: any) => `| ${d.mode.replace('decode-', '')} | ${f(d.medianMs)} ms | ${f(d.decodedMBPerS)} | ${f(d.maxRssMB)} MB | ${d.note ?? ''} |`),
    '',
    '## Upstream replay (Session.fromRestore + dsh-session and dsh-compaction companions)',
    '',
    '| log | events | upstream replay | `check` | upstream peak RSS |',
    '|---:|---:|---:|---:|---:|',
    ...r.upstream.map((u: any) => `| ${f(u.sizeMB, 1)} MB | ${f(u.events)} | ${f(u.replayMs)} ms | ${f(u.checkMs)} ms | ${f(u.maxRssMB)} MB |`),
    '',
    '## Reading these numbers',
    '',
    `- **Ratio.** The baseline parses ${f(r.log.lines)} lines; \`check\` judges ${f(r.log.events)} events (${f(r.log.events / r.log.lines, 1)} per line), because DSH packs runs of streaming chunks into one row and every rule must see each chunk event as DSH's own invariants do. Per byte the baseline does less work by construction; per event \`check\` runs at ${f(r.check.eventsPerS)} events/s. The measured ratio (${f(r.ratio, 2)}) ${r.ratio >= 0.5 ? 'meets' : 'is below'} the 0.5 target. What got it there (0.22 before): the engine dispatches by event type, so modules that judge a few types (core/messages, agent-instructions, session-reference, and time-context outside 2026-07) never see the chunk events, and modules that need every event keep their per-event path allocation-free (no per-event summaries, stamps or canonical serialisations; the model hands out the previous event); the reader proves most lines lossless with an allocation-free walk and hands lines over as buffer ranges. Roughly half of \`check\`'s time is now the same JSON.parse the baseline does.`,
    '- **Load.** Other jobs shared this 2-core machine during the run (load averages above): the baseline ran at ' + `${f(r.jsonParse.mbPerS)} MB/s here versus ~415 MB/s for the same loop on an idle machine of this class (research/anchors.md §4); the rounds arrays in the JSON show the spread. Ratios come from interleaved runs, so load hits both sides, but single rounds still swing by ±0.05.`,
    `- **Memory is flat.** Peak heap of \`check\` over the ${f(r.log.bytes / 1e6)} MB log is ${f(r.check.peakHeapMB)} MB (open state: one chunk, one frame, one line, the visible surface), against ${f(r.jsonParse.peakHeapMB)} MB for the bare parse loop; the RSS floor (~140 MB) is Node + tsx. Upstream replay holds the whole log (${f(r.upstream[r.upstream.length - 1]?.maxRssMB ?? 0)} MB RSS at ${f(r.upstream[r.upstream.length - 1]?.sizeMB ?? 0)} MB).`,
    '- **Upstream replay** here is close to linear because the generated log compacts every six turns, which keeps the surface (which `Session.fromRestore` folds with `indexOf` per replacement) short; it needs the whole decoded log in memory first, which is what rules it out for fleets.',
    `- **Decoder choice.** fzstd (pure JS, the dependency) is the slowest decoder here; the \`zstd\` CLI and the native \`zstd-napi\` binding are several times faster${r.decoders.some((d: any) => d.mode === 'decode-zstd-napi') ? '' : ' (zstd-napi is timed only when ZSTD_NAPI_DIR points at a one-off install; this run had none — the 2026-11-30T21:38Z run measured it at 734 ms, 150 MB/s on the same file)'}.` +
      ' We keep fzstd because it is a 0-dependency, install-anywhere package: `zstd-napi@0.0.12` took 1 min 42 s to install on this machine (its `prebuild-install` fell back to a `node-gyp rebuild` of libzstd), and npm 11 flagged its install script as "not yet covered by allowScripts" — a project that gates install scripts would have to allow-list it or get no decoder at all; the CLI is an external binary users may not have and costs a process per file. zstd-napi was installed one-off in a temp directory outside the repo for this comparison only. fzstd does not verify checksums, so the reader walks frame headers itself and checks XXH64 with xxhash-wasm.',
    '',
  ];
  return `${lines.join('\n')}\n`;
}

const argv = process.argv.slice(2);
if (argv[0] === '--child') await child(argv[1], argv[2], Number(argv[3]));
else if (argv[0] === '--render') {
  // Re-render the markdown table from a results file (after editing the prose, without re-measuring).
  const name = argv[1] ?? 'check-throughput';
  const results = JSON.parse(readFileSync(join(here, 'results', `${name}.json`), 'utf8'));
  writeFileSync(join(here, 'results', `${name}.md`), markdown(results));
} else await parent(argv.includes('--quick'), !argv.includes('--quick') || argv.includes('--write'));
