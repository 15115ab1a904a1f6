/**
 * The escaping rules of the report (docs/reports.md "Escaping"). Every piece
 * of user-supplied text (location, tag, filename, error message) reaches the
 * page through one of these; the client script writes text with textContent
 * only, never as markup.
 */
const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for element content and quoted attribute values. */
export function escapeHtml(text: string | number): string {
  return String(text).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/**
 * JSON for a `<script type="application/json">` block: `<`, `>` and `&` are
 * written as \u escapes so no `</script>` or `<!--` can end the block, and
 * U+2028/U+2029 likewise (legal in JSON, line breaks in older JS parsers).
 * JSON.parse restores every character exactly.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * A download link for an href: a path on the service (`/…`) or an http(s)
 * URL (HAZRISK_PUBLIC_URL prefix); anything else (say `javascript:`) is refused.
 */
export function safeHref(link: string | null): string | null {
  if (link === null) return null;
  return /^(\/(?!\/)|https?:\/\/)/i.test(link) ? escapeHtml(link) : null;
}
