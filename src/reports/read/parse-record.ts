/**
 * One results-CSV record's text (no line end) → its fields, unquoted (RFC 4180:
 * a field may be quoted, with doubled quotes inside). Scans with indexOf, not
 * per character: TropicalCyclone's quoted unit list is on millions of in-depth
 * lines. The byte reader (csv-bytes.ts) splits fields by the same rule and
 * unquotes a quoted field with this function, so both readers agree on every
 * input, well-formed or not.
 */
const QUOTE = 34;

export function parseRecord(text: string): string[] {
  if (!text.includes('"')) return text.split(',');
  const fields: string[] = [];
  let at = 0;
  for (;;) {
    let value = '';
    if (text.charCodeAt(at) === QUOTE) {
      let from = at + 1;
      for (;;) {
        const close = text.indexOf('"', from);
        if (close === -1) {
          value += text.slice(from);
          at = text.length;
          break;
        }
        value += text.slice(from, close);
        if (text.charCodeAt(close + 1) === QUOTE) {
          value += '"';
          from = close + 2;
          continue;
        }
        at = close + 1;
        break;
      }
    }
    const comma = text.indexOf(',', at);
    fields.push(value + text.slice(at, comma === -1 ? text.length : comma));
    if (comma === -1) return fields;
    at = comma + 1;
  }
}
