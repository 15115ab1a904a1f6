/**
 * A strict XML 1.0 well-formedness check, enough for the parts of an XLSX
 * (Excel refuses a workbook whose parts are not well-formed: "We found a
 * problem with some content"). Not a parser for general XML: no DTDs (OOXML
 * has none; a DOCTYPE is reported).
 *
 * Checked: the bytes are UTF-8; every character is an XML Char (#x9 | #xA |
 * #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF]), raw or as a
 * numeric character reference; entity references are the five predefined ones
 * or well-formed numeric ones; `<` never appears in text or attribute values,
 * nor `]]>` in text; names are XML Names; attributes are quoted and unique per
 * element; tags balance and match; exactly one root element, with only
 * whitespace, comments and processing instructions around it; the XML
 * declaration, when present, comes first.
 */
export interface XmlProblem {
  message: string;
  /** Character offset into the decoded text (byte offset for bad UTF-8). */
  offset: number;
  line: number;
  column: number;
  /** The text around the offset, non-printables escaped. */
  context: string;
}

export interface XmlDoc {
  /** Root element name. */
  root: string;
  /** Decoded text of every <t> element (shared strings, inline strings), entities resolved. */
  texts: string[];
}

export type XmlResult = { ok: true; doc: XmlDoc } | { ok: false; problem: XmlProblem };

export function isXmlChar(cp: number): boolean {
  return cp === 0x9 || cp === 0xa || cp === 0xd || (cp >= 0x20 && cp <= 0xd7ff) || (cp >= 0xe000 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0x10ffff);
}

// XML 1.0 (fifth edition) NameStartChar and NameChar.
const NAME_START = 'A-Z_a-z:\\u00C0-\\u00D6\\u00D8-\\u00F6\\u00F8-\\u02FF\\u0370-\\u037D\\u037F-\\u1FFF\\u200C-\\u200D\\u2070-\\u218F\\u2C00-\\u2FEF\\u3001-\\uD7FF\\uF900-\\uFDCF\\uFDF0-\\uFFFD\\u{10000}-\\u{EFFFF}';
const NAME_CHAR = `${NAME_START}\\-.0-9\\u00B7\\u0300-\\u036F\\u203F-\\u2040`;
const NAME = new RegExp(`^[${NAME_START}][${NAME_CHAR}]*$`, 'u');
const NAME_AT = new RegExp(`[${NAME_START}][${NAME_CHAR}]*`, 'uy');
const SPACE = /[\x20\x09\x0d\x0a]/;

function show(text: string): string {
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    out += cp < 0x20 || cp === 0x5c || cp === 0x7f || (cp >= 0xd800 && cp <= 0xdfff) || cp === 0xfffe || cp === 0xffff ? `\\u{${cp.toString(16)}}` : ch;
  }
  return out;
}

export function checkXml(bytes: Uint8Array): XmlResult {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { ok: false, problem: { message: 'not UTF-8', offset: -1, line: -1, column: -1, context: '' } };
  }
  let i = 0;
  const n = text.length;
  const fail = (message: string, at = i): XmlResult => {
    const before = text.slice(0, at);
    const line = before.split('\n').length;
    const column = at - before.lastIndexOf('\n');
    return { ok: false, problem: { message, offset: at, line, column, context: show(text.slice(Math.max(0, at - 80), Math.min(n, at + 80))) } };
  };
  // 1. Every character an XML Char (raw).
  for (let k = 0; k < n; k++) {
    const cp = text.codePointAt(k)!;
    if (cp > 0xffff) {
      k++;
      continue;
    }
    if (cp >= 0xd800 && cp <= 0xdfff) return fail(`lone surrogate U+${cp.toString(16).toUpperCase()}`, k);
    if (!isXmlChar(cp)) {
      // Name every forbidden character in the part, not just the first.
      const all = new Map<number, number>();
      for (const ch of text.slice(k)) {
        const c = ch.codePointAt(0)!;
        if (!isXmlChar(c)) all.set(c, (all.get(c) ?? 0) + 1);
      }
      const list = [...all].map(([c, count]) => `U+${c.toString(16).toUpperCase().padStart(4, '0')}×${count}`).join(', ');
      return fail(`character U+${cp.toString(16).toUpperCase().padStart(4, '0')} is not allowed in XML (raw); forbidden characters in this part: ${list}`, k);
    }
  }

  /** Resolve references in text or an attribute value; null after a failure (stored in `bad`). */
  let bad: XmlResult | null = null;
  const resolve = (raw: string, at: number): string | null => {
    if (!raw.includes('&')) return raw;
    let out = '';
    let k = 0;
    while (k < raw.length) {
      const amp = raw.indexOf('&', k);
      if (amp < 0) {
        out += raw.slice(k);
        break;
      }
      out += raw.slice(k, amp);
      const semi = raw.indexOf(';', amp);
      if (semi < 0) return (bad = fail('& not followed by a reference ending in ;', at + amp)), null;
      const ref = raw.slice(amp + 1, semi);
      let ch: string;
      if (ref === 'lt') ch = '<';
      else if (ref === 'gt') ch = '>';
      else if (ref === 'amp') ch = '&';
      else if (ref === 'apos') ch = "'";
      else if (ref === 'quot') ch = '"';
      else if (/^#[0-9]+$/.test(ref) || /^#x[0-9A-Fa-f]+$/.test(ref)) {
        const cp = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
        if (!isXmlChar(cp)) return (bad = fail(`character reference &${ref}; is U+${cp.toString(16).toUpperCase().padStart(4, '0')}, not allowed in XML`, at + amp)), null;
        ch = String.fromCodePoint(cp);
      } else return (bad = fail(`unknown or malformed reference &${ref.slice(0, 20)};`, at + amp)), null;
      out += ch;
      k = semi + 1;
    }
    return out;
  };

  const skipSpace = (): void => {
    while (i < n && SPACE.test(text[i]!)) i++;
  };
  const readName = (): string | null => {
    NAME_AT.lastIndex = i;
    const m = NAME_AT.exec(text);
    if (!m) return null;
    i += m[0].length;
    return m[0];
  };

  const stack: string[] = [];
  const texts: string[] = [];
  let root: string | null = null;
  let rootClosed = false;
  let inT = 0;
  let tText = '';
  if (text.charCodeAt(0) === 0xfeff) i = 1;
  while (i < n) {
    const lt = text.indexOf('<', i);
    const end = lt < 0 ? n : lt;
    if (end > i) {
      const raw = text.slice(i, end);
      if (stack.length === 0) {
        if (!/^[\x20\x09\x0d\x0a]*$/.test(raw)) return fail('text outside the root element', i);
      } else {
        if (raw.includes(']]>')) return fail(']]> in text', i + raw.indexOf(']]>'));
        const value = resolve(raw, i);
        if (value === null) return bad!;
        if (inT > 0) tText += value;
      }
      i = end;
    }
    if (i >= n) break;
    // At '<'.
    if (text.startsWith('<?', i)) {
      const close = text.indexOf('?>', i + 2);
      if (close < 0) return fail('processing instruction not closed');
      const target = /^[^\s?]+/.exec(text.slice(i + 2, close))?.[0] ?? '';
      if (!NAME.test(target)) return fail(`bad processing instruction target "${show(target)}"`);
      if (target.toLowerCase() === 'xml' && (target !== 'xml' || i !== (text.charCodeAt(0) === 0xfeff ? 1 : 0))) return fail('XML declaration not at the very start');
      i = close + 2;
      continue;
    }
    if (text.startsWith('<!--', i)) {
      const close = text.indexOf('-->', i + 4);
      if (close < 0) return fail('comment not closed');
      if (text.slice(i + 4, close).includes('--')) return fail('-- inside a comment');
      i = close + 3;
      continue;
    }
    if (text.startsWith('<![CDATA[', i)) {
      if (stack.length === 0) return fail('CDATA outside the root element');
      const close = text.indexOf(']]>', i + 9);
      if (close < 0) return fail('CDATA section not closed');
      if (inT > 0) tText += text.slice(i + 9, close);
      i = close + 3;
      continue;
    }
    if (text.startsWith('<!', i)) return fail('DOCTYPE or other declaration (not expected in OOXML)');
    if (text[i + 1] === '/') {
      const at = i;
      i += 2;
      const name = readName();
      if (!name) return fail('bad end-tag name', at);
      skipSpace();
      if (text[i] !== '>') return fail(`end tag </${name}> not closed by >`, at);
      i++;
      const open = stack.pop();
      if (open !== name) return fail(open === undefined ? `end tag </${name}> without a start tag` : `end tag </${name}> does not match <${open}>`, at);
      if (name === 't' || name.endsWith(':t')) {
        inT--;
        if (inT === 0) texts.push(tText);
      }
      if (stack.length === 0) rootClosed = true;
      continue;
    }
    // Start tag.
    const at = i;
    i++;
    const name = readName();
    if (!name) return fail(`bad element name after <: "${show(text.slice(i, i + 20))}"`, at);
    if (stack.length === 0) {
      if (rootClosed) return fail(`a second root element <${name}>`, at);
      root = name;
    }
    const seen = new Set<string>();
    let selfClosing = false;
    for (;;) {
      const hadSpace = i < n && SPACE.test(text[i]!);
      skipSpace();
      if (i >= n) return fail(`start tag <${name}> not closed`, at);
      if (text[i] === '>') {
        i++;
        break;
      }
      if (text.startsWith('/>', i)) {
        i += 2;
        selfClosing = true;
        break;
      }
      if (!hadSpace) return fail(`no space before an attribute in <${name}>`);
      const attrAt = i;
      const attr = readName();
      if (!attr) return fail(`bad attribute name in <${name}>: "${show(text.slice(i, i + 20))}"`);
      if (seen.has(attr)) return fail(`attribute ${attr} twice in <${name}>`, attrAt);
      seen.add(attr);
      skipSpace();
      if (text[i] !== '=') return fail(`attribute ${attr} in <${name}> has no =`);
      i++;
      skipSpace();
      const quote = text[i];
      if (quote !== '"' && quote !== "'") return fail(`attribute ${attr} in <${name}> is not quoted`);
      const close = text.indexOf(quote, i + 1);
      if (close < 0) return fail(`attribute ${attr} in <${name}>: value not closed`);
      const raw = text.slice(i + 1, close);
      if (raw.includes('<')) return fail(`< in the value of attribute ${attr} in <${name}>`, i + 1 + raw.indexOf('<'));
      if (resolve(raw, i + 1) === null) return bad!;
      i = close + 1;
    }
    if (!selfClosing) {
      stack.push(name);
      if (name === 't' || name.endsWith(':t')) {
        if (inT === 0) tText = '';
        inT++;
      }
    } else if (stack.length === 0) rootClosed = true;
    else if (name === 't' || name.endsWith(':t')) texts.push('');
  }
  if (stack.length > 0) return fail(`end of document with <${stack.at(-1)}> still open (${stack.length} open)`, n);
  if (root === null) return fail('no root element', n);
  return { ok: true, doc: { root, texts } };
}
