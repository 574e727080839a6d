import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { canonicalJson } from '../scenario/normalise.js';
import { Action, LogEvent, ScenarioEnv } from '../scenario/schema.js';
import type { ScenarioInputs } from './executor.js';

/**
 * A shrunk contributor-suite failure as a scenario fixture: the session's inputs (config, env, initial
 * log, actions — the same action vocabulary as every scenario fixture), the rules it broke and the
 * one-sentence explanation. `--fixtures DIR` replays every such fixture under DIR and judges it again;
 * there is no expected log, because the contributor rules are the expectation.
 */
export const ContributorFixture = z.object({
  format: z.literal(1),
  kind: z.literal('contributor'),
  id: z.string(),
  title: z.string(),
  rules: z.array(z.string()).min(1).describe('CTX rule ids the session broke when it was written'),
  explanation: z.string(),
  plugin: z.string().optional().describe('the plugin it was found with'),
  waived: z.array(z.string()).default([]),
  config: z.record(z.string(), z.unknown()).optional(),
  env: ScenarioEnv,
  log: z.array(LogEvent).default([]),
  actions: z.array(Action),
  provenance: z.object({ generator: z.literal('contributor-suite'), seed: z.number().int() }),
});
export type ContributorFixture = z.infer<typeof ContributorFixture>;

const FILE = 'contributor-fixture.json';

/** A stable id: a hash of the session and the rules (FNV-1a over canonical JSON, 12 hex digits). */
export function contributorFixtureId(inputs: ScenarioInputs, rules: readonly string[]): string {
  const text = canonicalJson({ inputs, rules: [...rules].sort() });
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x811c9dc5) >>> 0;
  }
  return (h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0')).slice(0, 12);
}

/** Write under `<dir>/contributor/<id>/`; returns the fixture's directory. */
export function writeContributorFixture(dir: string, fixture: ContributorFixture): string {
  const target = join(dir, 'contributor', fixture.id);
  mkdirSync(target, { recursive: true });
  writeFileSync(join(target, FILE), JSON.stringify(ContributorFixture.parse(fixture), null, 2) + '\n');
  return target;
}

export interface StoredContributorFixture {
  dir: string;
  fixture: ContributorFixture;
}

/** Every contributor fixture below `dir`; a malformed one is an error naming its file. */
export function readContributorFixtures(dir: string): StoredContributorFixture[] {
  const out: StoredContributorFixture[] = [];
  const walk = (d: string) => {
    for (const name of readdirSync(d).sort()) {
      const path = join(d, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name === FILE) {
        let json: unknown;
        try {
          json = JSON.parse(readFileSync(path, 'utf8'));
        } catch (error) {
          throw new Error(`${path}: not valid JSON (${(error as Error).message})`);
        }
        const parsed = ContributorFixture.safeParse(json);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new Error(`${path}: not a contributor fixture: ${issue.path.join('.') || '(root)'}: ${issue.message}`);
        }
        out.push({ dir: d, fixture: parsed.data });
      }
    }
  };
  if (existsSync(dir)) walk(dir);
  return out;
}
