import { readFileSync, writeFileSync } from 'node:fs';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { z } from 'zod';
import { UsageError } from '../usage-error.js';
import { resultMessage } from '../results/messages.js';
import type { FixtureResult } from './results.js';

/**
 * The expected-failures baseline (a burn-down ledger, as in the MCP conformance kit): a YAML or JSON
 * list of fixture ids, or `id:RULE` for a failure caused by one invariant rule, each optionally with
 * a reason. A listed failure does not fail the run; an unlisted one does; a listed entry that now
 * passes fails the run as a stale baseline.
 */
const Entry = z.union([z.string(), z.object({ id: z.string(), reason: z.string().optional() })]);
const File = z.union([z.array(Entry), z.object({ expectedFailures: z.array(Entry) })]);

export interface Baseline {
  entries: Map<string, string | undefined>;
}

export function readBaseline(path: string): Baseline {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read --expected-failures ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`);
  }
  let data: unknown;
  try {
    data = path.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    throw new UsageError(`${path}: not valid ${path.endsWith('.json') ? 'JSON' : 'YAML'}: ${(error as Error).message}`);
  }
  const parsed = File.safeParse(data ?? []);
  if (!parsed.success) throw new UsageError(`${path}: expected a list of fixture ids (or {id, reason}) — ${parsed.error.issues[0]?.message}`);
  const list = Array.isArray(parsed.data) ? parsed.data : parsed.data.expectedFailures;
  const entries = new Map<string, string | undefined>();
  for (const e of list) typeof e === 'string' ? entries.set(e, undefined) : entries.set(e.id, e.reason);
  return { entries };
}

/** Keys a result is known by: its fixture id, and `id:RULE` for each invariant rule it violated. */
function keysOf(r: FixtureResult): string[] {
  return [r.fixture, ...(r.rules ?? []).map((rule) => `${r.fixture}:${rule}`)];
}

/** Mark listed failures as expected; return the entries that matched a passing fixture (stale). */
export function applyBaseline(results: FixtureResult[], baseline: Baseline): string[] {
  const used = new Set<string>();
  for (const r of results) {
    const hit = keysOf(r).find((k) => baseline.entries.has(k));
    if (hit === undefined) continue;
    used.add(hit);
    if (r.status !== 'pass') r.expected = true;
  }
  const stale: string[] = [];
  for (const key of baseline.entries.keys()) {
    const id = key.split(':')[0];
    const result = results.find((r) => r.fixture === id);
    if (result && result.status === 'pass') stale.push(key);
  }
  return stale;
}

export function writeBaseline(path: string, results: readonly FixtureResult[]): number {
  const failing = results.filter((r) => r.status !== 'pass').map((r) => ({ id: r.fixture, reason: `${r.status}: ${r.title} — ${resultMessage(r).slice(0, 160)}` }));
  const body = path.endsWith('.json') ? JSON.stringify(failing, null, 2) + '\n' : `# dsh-ctx-conform expected failures (written by --update-baseline)\n${failing.length ? stringifyYaml(failing) : '[]\n'}`;
  writeFileSync(path, body);
  return failing.length;
}
