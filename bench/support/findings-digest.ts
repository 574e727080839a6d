/**
 * Correctness guard for performance work on `check`: runs `checkLog` over every committed log
 * (conformance fixtures, reader test fixtures, shared samples) under several option sets, plus
 * generated logs with deterministically injected violations, and prints one digest of everything it
 * found (findings in order, event/byte counts, status). A speed-up is acceptable only when the digest
 * is identical before and after.
 *
 *   npx tsx bench/support/findings-digest.ts [--out FILE]    # FILE gets the full findings (for diffing)
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkLog, type CheckLogOptions } from '../../invariants/check.js';
import { generateLog, mulberry32 } from './generate-log.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

function logsUnder(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string): void => {
    for (const name of readdirSync(d).sort()) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.jsonl(\.zstd)?$/.test(name)) out.push(p);
    }
  };
  walk(dir);
  return out;
}

/** Option sets that switch on every configurable branch of the source rules. */
const OPTION_SETS: Array<{ name: string; options: CheckLogOptions }> = [
  { name: 'default', options: {} },
  { name: '2026-07', options: { revision: '2026-07' } },
  {
    name: 'configs',
    options: {
      configs: {
        'time-context': { refreshIntervalMs: 60_000 },
        'tmux-context': { refreshIntervalMs: 10_000 },
        'agent-instructions': { maxBytes: 700 },
        'session-reference': { maxReferences: 2, maxReferenceBytes: 360 },
      },
      maxClockSkewMs: 1_000,
    },
  },
];


/**
 * One corruption per picked line, each aimed at a different reader or rule path (packed rows, lossless
 * JSON, envelope, vocabulary, seq/time, turns/steps, messages, surface, compaction).
 */
const MUTATIONS: Array<(line: string, rnd: () => number) => string | null> = [
  (l) => null, // drop the line: seq gap, dangling provenance, missing closers
  (l) => l.slice(0, Math.max(1, l.length >> 1)), // invalid JSON
  (l) => l.replace(/"time0?":(\d+)/, (_m, t) => `"time":${Number(t) - 5000}`), // clock regression / bad row envelope
  (l) => l.replace(/"dt":\[(\d+)/, '"dt":[-0'), // -0 inside a packed row
  (l) => l.replace(/^\{/, '{"__proto__":{"x":1},'), // __proto__ key
  (l) => l.replace(/"dt":\[\d+,?/, '"dt":['), // dt/member count mismatch
  (l) => l.replace(/"type":"([^"]+)"/, '"type":"$1/v2"'), // unknown type / unknown row tag
  (l) => l.replace(/^\{/, '{"extra":1,'), // envelope whitelist
  (l) => l.replace(/"turn":(\d+)/, (_m, t) => `"turn":${Number(t) + 1}`), // wrong turn
  (l) => l.replace(/"step":(\d+)/, (_m, s) => `"step":${Number(s) + 1}`), // wrong step
  (l) => l.replace(/"role":"(user|assistant)"/, '"role":"system"'), // message identity
  (l) => l.replace(/"surfaceOp":"append"/, '"surfaceOp":"prepend"'), // bad surfaceOp
  (l) => l.replace(/"seq":(\d+)/, (_m, s) => `"seq":${Number(s) + 3}`), // seq jump
  (l) => l.replace(/"compactionId":"[^"]+"/, '"compactionId":""'), // compaction id
  (l) => l.replace(/"sourceEventSeqs":\[(\d+)/, '"sourceEventSeqs":[$1,$1'), // duplicate provenance
  (l) => l.replace(/"time":(\d+)/, '"time":1e999'), // non-finite time
  (l) => l.replace(/"texts":\[/, '"texts":[1,'), // non-string member
  (l) => `${l.slice(0, -1)},"ignorable":false}`, // bad ignorable
];

function injectViolations(src: string, dest: string, seed: number, rate: number): void {
  const rnd = mulberry32(seed);
  const lines = readFileSync(src, 'utf8').split('\n');
  const out: string[] = [lines[0]];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (line === '' || rnd() >= rate) {
      out.push(line);
      continue;
    }
    const mutated = MUTATIONS[Math.floor(rnd() * MUTATIONS.length)](line, rnd);
    if (mutated !== null) out.push(mutated);
  }
  writeFileSync(dest, out.join('\n'));
}

async function main(): Promise<void> {
  const outIndex = process.argv.indexOf('--out');
  const outFile = outIndex >= 0 ? process.argv[outIndex + 1] : undefined;
  const files = [
    ...logsUnder(join(root, 'conformance/fixtures')),
    ...logsUnder(join(root, 'invariants/log/test-fixtures')),
    ...logsUnder('/work/shared/samples'),
  ];
  const dir = mkdtempSync(join(tmpdir(), 'dsh-digest-'));
  const lines: string[] = [];
  const hash = createHash('sha256');
  let findings = 0;
  const record = (name: string, value: unknown): void => {
    const text = `${name}\t${JSON.stringify(value)}`;
    hash.update(`${text}\n`);
    lines.push(text);
  };
  try {
    const clean = join(dir, 'clean.jsonl');
    generateLog(clean, 3e6, 11);
    files.push(clean);
    for (const [seed, rate] of [[1, 0.002], [2, 0.01], [3, 0.05]] as const) {
      const f = join(dir, `violations-${seed}.jsonl`);
      injectViolations(clean, f, seed, rate);
      files.push(f);
    }
    for (const file of files) {
      const name = file.startsWith(dir) ? `generated/${relative(dir, file)}` : file.startsWith(root) ? relative(root, file) : file;
      for (const set of OPTION_SETS) {
        const r = await checkLog(file, set.options);
        findings += r.findings.length;
        const shown = { ...r, file: name, findings: r.findings.map((f) => ({ ...f, file: f.file === file ? name : f.file })) };
        record(`${name} [${set.name}]`, shown);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (outFile) writeFileSync(outFile, `${lines.join('\n')}\n`);
  process.stdout.write(`${files.length} logs x ${OPTION_SETS.length} option sets, ${findings} findings, digest ${hash.digest('hex')}\n`);
}

await main();
