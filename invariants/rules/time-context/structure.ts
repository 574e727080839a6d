import type { SpecRevision } from '../../../spec/revisions.js';
import { expectedBaseline, expectedPolicy, readClaims, renderedIn, timestampInstant, turnZone, zoneDefect, type ReadingClaims, type TurnZone } from './grammar.js';
import type { MessageOf } from '../../message-templates.js';
import type { timeContextMessages } from './meta.js';

/**
 * The published companion's checks of one reading (TC-CONTENT-1 … TC-TIME-3), as pure functions of
 * the reading and the open state before it. Unlike the companion, which throws on the first failure,
 * every check whose inputs are meaningful runs, so one bad reading shows all its defects; checks that
 * need the text stop when the text cannot be read.
 */

/** One finding of a check: its rule, message id and facts, and the events that prove it. */
export type Problem = MessageOf<typeof timeContextMessages> & { witness?: number[] };

export interface OpenPosition {
  turn: number | null;
  step: number | null;
  requestStarted: boolean;
}

export interface ZoneClaim {
  seq: number;
  zone: string;
}

/** What the structural checks learned, for the timing checks that build on them. */
export interface ReadingFacts {
  parsed: ReadingClaims;
  /** The reading names the open turn and step, with the right baseline label. */
  placed: boolean;
  /** The rendered second (epoch ms), when it parses. */
  renderedMs: number | undefined;
}

const show = (value: unknown): string => {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // Too deep to stringify (String() recurses too): name the kind of value instead of throwing.
    return Array.isArray(value) ? `[array of ${value.length}]` : typeof value;
  }
};

/** ISO text of an epoch-ms value, or the number itself when it is outside Date's range (±8.64e15). */
const iso = (ms: number): string => (Math.abs(ms) <= 8.64e15 ? new Date(ms).toISOString() : `${ms} (outside the Date range)`);

/** TC-CONTENT-1: the text of the single text block, or a problem. */
export function readingText(data: unknown): { text: string } | Problem {
  const content = (data as { content?: unknown } | null)?.content;
  if (!Array.isArray(content)) return { rule: 'TC-CONTENT-1', messageId: 'contentNotArray', data: { found: show(content) } };
  const block = content[0] as Record<string, unknown> | undefined;
  const ok = content.length === 1 && typeof block === 'object' && block !== null && Object.keys(block).length === 2 && block.type === 'text' && typeof block.text === 'string';
  if (ok) return { text: block.text as string };
  return { rule: 'TC-CONTENT-1', messageId: 'notOneTextBlock', data: { blocks: content.length, block: content.length !== 1 ? null : show(block) } };
}

export function checkStructure(
  revision: SpecRevision,
  data: { source?: unknown },
  text: string,
  eventTime: unknown,
  position: OpenPosition,
  zone: { claims: readonly ZoneClaim[] } | undefined,
  report: (problem: Problem) => void,
): ReadingFacts | undefined {
  const parsed = readClaims(revision, text);
  if (parsed === undefined) {
    report({ rule: 'TC-FORMAT-1', messageId: 'notReadingFormat', data: { revision, found: show(text) } });
    return undefined;
  }
  const numbered = Number.isSafeInteger(parsed.turn) && parsed.turn >= 1 && Number.isSafeInteger(parsed.step) && parsed.step >= 1;
  if (!numbered) report({ rule: 'TC-FORMAT-2', messageId: 'notPositive', data: { turn: String(parsed.turn), step: String(parsed.step) } });

  let positioned = false;
  if (position.turn === null) report({ rule: 'TC-POS-1', messageId: 'outsideTurn', data: {} });
  else if (position.step === null) report({ rule: 'TC-POS-2', messageId: 'beforeStep', data: {} });
  else if (position.requestStarted) report({ rule: 'TC-POS-3', messageId: 'afterRequest', data: {} });
  else positioned = true;
  let placed = false;
  if (positioned && numbered) {
    if (parsed.turn !== position.turn || parsed.step !== position.step) {
      report({ rule: 'TC-POS-4', messageId: 'wrongPosition', data: { turn: parsed.turn, step: parsed.step, openTurn: position.turn, openStep: position.step } });
    } else placed = true;
  }

  checkSource(data.source, text, report);

  // Browser zone (2026-08): only meaningful when the reading sits in the turn it names.
  let browser: TurnZone | undefined;
  if (revision === '2026-08' && placed && zone !== undefined) {
    browser = deriveChecked(zone.claims, report);
    if (browser !== undefined) {
      const expected = expectedPolicy(browser);
      if (parsed.policy !== expected) {
        report({ rule: 'TC-ZONE-1', messageId: 'policyMismatch', data: { expected: show(expected), found: show(parsed.policy) }, witness: zone.claims.map((c) => c.seq) });
      }
    }
  }

  const labelOk = !numbered || (parsed.step === 1) === (parsed.baseline === 'model-visible message');
  if (!labelOk) report({ rule: 'TC-BASE-1', messageId: 'wrongBaseline', data: { step: parsed.step, found: show(parsed.baseline), expected: show(expectedBaseline(parsed.step)) } });

  const renderedMs = timestampInstant(parsed.timestamp);
  if (!Number.isFinite(renderedMs) || !Number.isSafeInteger(eventTime) || (eventTime as number) < renderedMs) {
    report(
      !Number.isFinite(renderedMs)
        ? { rule: 'TC-TIME-1', messageId: 'timestampUnparsable', data: { timestamp: show(parsed.timestamp) } }
        : !Number.isSafeInteger(eventTime)
          ? { rule: 'TC-TIME-1', messageId: 'eventTimeNotSafe', data: { eventTime: show(eventTime) } }
          : { rule: 'TC-TIME-1', messageId: 'postdatesEvent', data: { rendered: iso(renderedMs), eventTime: iso(eventTime as number) } },
    );
  }
  if (browser?.kind === 'unique' && Number.isFinite(renderedMs)) {
    let expected: string | undefined;
    try {
      expected = renderedIn(renderedMs, browser.zone);
    } catch (error) {
      report({ rule: 'TC-TIME-2', messageId: 'zoneCannotFormat', data: { error: String(error) } });
    }
    if (expected !== undefined && expected !== parsed.timestamp) {
      report({ rule: 'TC-TIME-3', messageId: 'zoneMismatch', data: { expected: show(expected), found: show(parsed.timestamp) } });
    }
  }
  return { parsed, placed: placed && labelOk, renderedMs: Number.isFinite(renderedMs) ? renderedMs : undefined };
}

function checkSource(source: unknown, text: string, report: (problem: Problem) => void): void {
  const s = (typeof source === 'object' && source !== null ? source : {}) as Record<string, unknown>;
  // Unreachable through the rule module (it only selects readings with this source); kept so the check
  // list is complete for callers that select differently.
  if (s.kind !== 'plugin' || s.plugin !== 'time-context') {
    report({ rule: 'TC-SRC-1', messageId: 'notOwned', data: { found: show(source) } });
    return;
  }
  const sections = s.sections;
  const section = Array.isArray(sections) && typeof sections[0] === 'object' && sections[0] !== null ? (sections[0] as Record<string, unknown>) : undefined;
  const exact =
    Object.keys(s).length === 4 &&
    s.form === 'snapshot' &&
    Array.isArray(sections) &&
    sections.length === 1 &&
    section !== undefined &&
    Object.keys(section).length === 2 &&
    section.name === 'time-context' &&
    section.text === text;
  if (!exact) {
    const found =
      Object.keys(s).length !== 4
        ? ({ field: 'keys', found: show(Object.keys(s)) } as const)
        : s.form !== 'snapshot'
          ? ({ field: 'form', found: show(s.form) } as const)
          : !Array.isArray(sections) || sections.length !== 1
            ? ({ field: 'sections', found: show(sections) } as const)
            : section?.text !== text
              ? ({ field: 'text', found: null } as const)
              : ({ field: 'section', found: show(section) } as const);
    report({ rule: 'TC-SRC-2', messageId: 'notExactSnapshot', data: found });
  }
}

/** Validate every claim in order (the first bad one is the finding, as DSH's TypeError), then classify. */
function deriveChecked(claims: readonly ZoneClaim[], report: (problem: Problem) => void): TurnZone | undefined {
  for (const claim of claims) {
    const defect = zoneDefect(claim.zone);
    if (defect !== undefined) {
      report({ rule: 'TC-ZONE-2', messageId: 'badZone', data: { defect }, witness: [claim.seq] });
      return undefined;
    }
  }
  return turnZone(claims.map((c) => c.zone));
}
