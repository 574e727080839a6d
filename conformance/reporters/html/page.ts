import { terminalSafe, xmlSafe } from '../../../invariants/text/safe-text.js';

/**
 * The shell every HTML report shares: one self-contained document (inline CSS and a few lines of
 * inline script, no external URL of any kind), so a report can be attached to a CI run, mailed or
 * opened from disk with no network.
 */

/** Text from a plugin or a log, for HTML text or an attribute: controls and bidi made visible, markup escaped. */
export function esc(text: unknown): string {
  const s = typeof text === 'string' ? text : text === undefined ? 'undefined' : JSON.stringify(text);
  return xmlSafe(terminalSafe(s ?? String(text), { multiline: true }));
}

const CSS = `
:root{--pass:#1a7f37;--fail:#cf222e;--error:#9a6700;--muted:#57606a;--bg:#f6f8fa;--line:#d0d7de;--add:#ffebe9;--del:#dafbe1}
*{box-sizing:border-box}body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1f2328}
header{padding:16px 24px;border-bottom:1px solid var(--line);background:var(--bg)}h1{font-size:20px;margin:0 0 4px}
main{padding:16px 24px}.muted{color:var(--muted)}code,pre{font:12px/1.4 ui-monospace,monospace}
.summary{display:flex;gap:12px;flex-wrap:wrap;margin-top:8px}.count{padding:4px 10px;border-radius:12px;background:#fff;border:1px solid var(--line)}
.count.pass{color:var(--pass)}.count.fail{color:var(--fail)}.count.error{color:var(--error)}
table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
.status{font-weight:600;text-transform:uppercase;font-size:11px}.status.pass{color:var(--pass)}.status.fail{color:var(--fail)}.status.error{color:var(--error)}.status.expected{color:var(--muted)}
details{margin:8px 0;border:1px solid var(--line);border-radius:6px;padding:6px 10px}summary{cursor:pointer}
.diff{display:grid;grid-template-columns:1fr 1fr;gap:8px;margin-top:6px}.diff pre{margin:0;padding:6px;background:var(--bg);overflow:auto;max-height:420px}
.diff .only{background:var(--add)}.diff .expected .only{background:var(--del)}.diff h4{margin:0 0 4px;font-size:12px}
.timeline{list-style:none;padding:0;margin:0}.timeline li{padding:2px 0 2px 8px;border-left:3px solid var(--line)}
.timeline .turn{border-color:#0969da;font-weight:600;margin-top:6px}.timeline .step{border-color:#8c959f;padding-left:20px}
.timeline .injection{border-color:#8250df;padding-left:32px}.timeline .other{padding-left:32px;color:var(--muted)}
.timeline .flagged{background:var(--add)}.finding{color:var(--fail);font-size:12px;display:block}.finding.warning{color:var(--error)}.finding.info{color:var(--muted)}
.controls{margin:8px 0}
`;

/** Filters by status; marks the document as rendered so a headless test can tell the script ran. */
const SCRIPT = `
(function(){
  var box=document.getElementById('only-problems');
  function apply(){document.querySelectorAll('[data-status]').forEach(function(el){el.hidden=box.checked&&el.getAttribute('data-status')==='pass';});}
  if(box){box.addEventListener('change',apply);apply();}
  document.body.setAttribute('data-rendered',String(document.querySelectorAll('[data-status]').length));
})();
`;

export function* pageStart(title: string, subtitle: string): Generator<string> {
  yield `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`;
  // No network at all: even an accidental <img src=http…> is refused by the browser.
  yield `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">`;
  yield `<title>${esc(title)}</title><style>${CSS}</style></head><body>\n`;
  yield `<header><h1>${esc(title)}</h1><div class="muted">${esc(subtitle)}</div>`;
}

export function* pageEnd(): Generator<string> {
  yield `</main><script>${SCRIPT}</script></body></html>\n`;
}

export function count(cls: string, label: string, n: number): string {
  return `<span class="count ${cls}" data-count="${cls}">${n} ${esc(label)}</span>`;
}

/** Pretty JSON (or the string itself) split into lines for a side-by-side view. */
function linesOf(value: unknown): string[] {
  const text = typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? 'undefined');
  return text.split('\n');
}

/**
 * Which lines of each side are not in their longest common subsequence (the lines to highlight).
 * Quadratic, so large values fall back to marking nothing: the two columns still show everything.
 */
export function lineDiff(a: readonly string[], b: readonly string[]): { onlyA: Set<number>; onlyB: Set<number> } {
  if (a.length * b.length > 250_000) return { onlyA: new Set(), onlyB: new Set() };
  const dp: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) dp[i][j] = a[i] === b[j] ? dp[i + 1][j + 1] + 1 : Math.max(dp[i + 1][j], dp[i][j + 1]);
  const onlyA = new Set<number>();
  const onlyB = new Set<number>();
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
    } else if (dp[i + 1][j] >= dp[i][j + 1]) onlyA.add(i++);
    else onlyB.add(j++);
  }
  while (i < a.length) onlyA.add(i++);
  while (j < b.length) onlyB.add(j++);
  return { onlyA, onlyB };
}

function column(cls: string, heading: string, lines: readonly string[], only: ReadonlySet<number>): string {
  const body = lines.map((l, i) => (only.has(i) ? `<span class="only">${esc(l)}</span>` : esc(l))).join('\n');
  return `<div class="${cls}"><h4>${esc(heading)}</h4><pre>${body}</pre></div>`;
}

/** Expected and actual side by side, differing lines highlighted. */
export function sideBySide(expected: unknown, actual: unknown): string {
  const a = linesOf(expected);
  const b = linesOf(actual);
  const { onlyA, onlyB } = lineDiff(a, b);
  return `<div class="diff">${column('expected', 'expected', a, onlyA)}${column('actual', 'actual', b, onlyB)}</div>`;
}
