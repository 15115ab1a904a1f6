import { LIMITS } from '../../limits.js';
import { escapeHtml } from './escape.js';

/** Number and date formats shared by the report sections (server side). */
export function formatCount(n: number): string {
  return n.toLocaleString('en-GB');
}

/** Share of `total` in percent with one decimal ("0.0" when total is 0). */
export function percentOf(count: number, total: number): string {
  return total > 0 ? ((count * 100) / total).toFixed(1) : '0.0';
}

/** "2026-11-30 12:00 UTC" */
export function utcDateTime(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** A definition list of label → HTML (labels are ours; values are escaped by the caller). */
export function metaList(entries: readonly (readonly [string, string])[]): string {
  return `<dl class="meta">${entries.map(([label, html]) => `<dt>${escapeHtml(label)}</dt><dd>${html}</dd>`).join('')}</dl>`;
}

/** The note under a capped table: how many rows it holds of how many. */
export function cappedNote(kept: number, total: number, perPeril: number, what: string): string {
  if (kept >= total) return `All ${formatCount(total)} ${what} are listed, ${LIMITS.report.pageRows} per page.`;
  return `The ${formatCount(perPeril)} riskiest ${what} of each peril are listed (${formatCount(kept)} of ${formatCount(total)}), ${LIMITS.report.pageRows} per page; every result is in the results CSV.`;
}
