import { ooxmlText, type CellValue } from './cells.js';
import type { WorkbookWriter } from './writer.js';
import { asciiBytes, ByteSink } from './xml-bytes.js';
import { ZipStream } from './zip-stream.js';
import { detach } from '../read/detach.js';

/**
 * The streaming writer for large workbooks: SpreadsheetML written row by row
 * into a deflated zip entry per sheet (ECMA-376 Part 1, §18.3 worksheets,
 * §18.4 shared strings). Numbers are numeric cells; text goes to the shared
 * string table (written last, so every distinct text is stored once); every
 * row and cell carries its reference (some readers require them), and empty
 * cells are simply left out. No cell has a formula element, so text such as
 * `=1+1` can only ever be text. Rows go straight into bytes (xml-bytes.ts),
 * with a column's repeated text looked up once.
 * It replaced exceljs's streaming WorkbookWriter, which it beats about 2× on
 * our rows with identical cells (bench/README.md "Reports and workbooks").
 */
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN}"><fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** Column letters A, B, … Z, AA, … for a 0-based column. */
export function columnName(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** Text as XML character data: markup escaped, characters XML 1.0 forbids written as OOXML `_xHHHH_` escapes. */
export function xmlText(text: string): string {
  return ooxmlText(text).replace(/[&<>"]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : '&quot;'));
}

/** Work queued by the synchronous calls, carried out in order by drain(). */
type Step = { sheet: number } | { bytes: Buffer };

/** Rendered rows are handed to the zip in pieces of this many bytes. */
const PIECE_BYTES = 256 * 1024;
/** Room for `<row r="…">` or a cell after its `<c r="` and column: a 16-digit row, a 25-character number, markup. */
const ROW_MARKUP_BYTES = 32;
const CELL_BYTES = 96;
const ROW_START = asciiBytes('<row r="');
const TAG_END = asciiBytes('">');
const ROW_END = asciiBytes('</row>');
const NUMBER_VALUE = asciiBytes('"><v>');
const STRING_VALUE = asciiBytes('" t="s"><v>');
const CELL_END = asciiBytes('</v></c>');

export class XlsxStreamWriter implements WorkbookWriter {
  private readonly zip: ZipStream;
  private readonly strings = new Map<string, number>();
  private readonly sheets: string[] = [];
  /** Per column: `<c r="` and its letters; the last string and its index. */
  private readonly cellStarts: Uint8Array[] = [];
  /** The current row number's digits. */
  private readonly digits = new Uint8Array(16);
  private readonly lastStrings: string[] = [];
  private readonly lastStringIndices: number[] = [];
  private readonly steps: Step[] = [];
  private readonly xml = new ByteSink(PIECE_BYTES, (bytes) => this.steps.push({ bytes }));
  private rowNumber = 0;
  private sheetOpen = false;

  constructor(file: string) {
    this.zip = new ZipStream(file);
  }

  addSheet(name: string): void {
    this.xml.flush();
    this.sheets.push(name);
    this.steps.push({ sheet: this.sheets.length });
    this.rowNumber = 0;
  }

  addRow(values: readonly CellValue[]): void {
    if (this.sheets.length === 0) throw new Error('addRow before addSheet');
    const row = ++this.rowNumber;
    const xml = this.xml;
    const digits = this.rowDigits(row);
    xml.room(ROW_MARKUP_BYTES);
    xml.bytes(ROW_START);
    xml.bytes(this.digits, digits);
    xml.bytes(TAG_END);
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      if (value === null || value === undefined) continue;
      const start = (this.cellStarts[i] ??= asciiBytes(`<c r="${columnName(i)}`));
      xml.room(start.length + CELL_BYTES);
      xml.bytes(start);
      xml.bytes(this.digits, digits);
      if (typeof value === 'number') {
        xml.bytes(NUMBER_VALUE);
        this.number(value);
      } else {
        xml.bytes(STRING_VALUE);
        xml.integer(this.stringIndex(i, value));
      }
      xml.bytes(CELL_END);
    }
    xml.room(ROW_MARKUP_BYTES);
    xml.bytes(ROW_END);
  }

  /** The row number's digits into this.digits (written once, copied into every cell reference); returns how many. */
  private rowDigits(row: number): number {
    let length = 0;
    for (let rest = row; rest > 0; rest = (rest / 10) | 0) length++;
    for (let i = length - 1, rest = row; i >= 0; i--) {
      const tenth = (rest / 10) | 0;
      this.digits[i] = 48 + rest - tenth * 10;
      rest = tenth;
    }
    return length;
  }

  /** Start queued sheets and hand queued rows to the zip, waiting while it is busy. */
  async drain(): Promise<void> {
    this.xml.flush();
    for (let step = this.steps.shift(); step; step = this.steps.shift()) {
      if ('sheet' in step) {
        if (this.sheetOpen) this.zip.write('</sheetData></worksheet>');
        await this.zip.begin(`xl/worksheets/sheet${step.sheet}.xml`);
        this.zip.write(`${XML_HEAD}<worksheet xmlns="${MAIN}"><sheetData>`);
        this.sheetOpen = true;
      } else if (!this.zip.write(step.bytes, () => this.xml.release(step.bytes))) {
        await this.zip.drain();
      }
    }
  }

  async finish(): Promise<void> {
    await this.drain();
    if (this.sheetOpen) this.zip.write('</sheetData></worksheet>');
    await this.entry('xl/sharedStrings.xml', this.sharedStrings());
    await this.entry('xl/styles.xml', STYLES);
    await this.entry('xl/workbook.xml', this.workbookXml());
    await this.entry('xl/_rels/workbook.xml.rels', this.workbookRels());
    await this.entry('_rels/.rels', `${XML_HEAD}<Relationships xmlns="${PKG_RELS}"><Relationship Id="rId1" Type="${RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`);
    await this.entry('[Content_Types].xml', this.contentTypes());
    await this.zip.finish();
  }

  async abort(): Promise<void> {
    this.steps.length = 0;
    this.xml.discard();
    this.zip.abort();
  }

  /** The text `${n}` gives, written without making it when ByteSink can. */
  private number(n: number): void {
    if (Number.isSafeInteger(n)) this.xml.integer(n);
    else if (!this.xml.decimal(n)) this.xml.ascii(String(n));
  }

  /** A column's text repeats (a location's name on each of its lines), so its last index is kept before the table is asked. */
  private stringIndex(column: number, text: string): number {
    if (this.lastStrings[column] === text) return this.lastStringIndices[column]!;
    let index = this.strings.get(text);
    // A new key is copied out of the read chunk it was sliced from, or it would keep the whole chunk alive.
    if (index === undefined) this.strings.set(detach(text), (index = this.strings.size));
    this.lastStrings[column] = text;
    this.lastStringIndices[column] = index;
    return index;
  }

  private async entry(name: string, content: string): Promise<void> {
    await this.zip.begin(name);
    this.zip.write(content);
  }

  private sharedStrings(): string {
    const items: string[] = [];
    for (const text of this.strings.keys()) items.push(`<si><t xml:space="preserve">${xmlText(text)}</t></si>`);
    return `${XML_HEAD}<sst xmlns="${MAIN}" count="${items.length}" uniqueCount="${items.length}">${items.join('')}</sst>`;
  }

  private workbookXml(): string {
    const sheets = this.sheets.map((name, i) => `<sheet name="${xmlText(name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('');
    return `${XML_HEAD}<workbook xmlns="${MAIN}" xmlns:r="${RELS}"><sheets>${sheets}</sheets></workbook>`;
  }

  private workbookRels(): string {
    const n = this.sheets.length;
    const sheets = this.sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${RELS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('');
    return (
      `${XML_HEAD}<Relationships xmlns="${PKG_RELS}">${sheets}` +
      `<Relationship Id="rId${n + 1}" Type="${RELS}/styles" Target="styles.xml"/>` +
      `<Relationship Id="rId${n + 2}" Type="${RELS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`
    );
  }

  private contentTypes(): string {
    const ct = 'application/vnd.openxmlformats-officedocument.spreadsheetml';
    const sheets = this.sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${ct}.worksheet+xml"/>`).join('');
    return (
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
      `<Override PartName="/xl/workbook.xml" ContentType="${ct}.sheet.main+xml"/>${sheets}` +
      `<Override PartName="/xl/styles.xml" ContentType="${ct}.styles+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="${ct}.sharedStrings+xml"/></Types>`
    );
  }
}
