/**
 * Upload bodies: CSV schedules that are always invalid (a poison chosen from
 * the ways docs/batch.md says an upload is refused), wrapped in well-formed
 * or malformed multipart. Row-level poisons sit on their own line after a
 * plain LF and well-formed rows, so CR-only breaks, stray quotes or short rows
 * elsewhere cannot swallow them; file-level poisons (bad UTF-8, a header
 * without a location column, duplicate columns, oversize, too many rows) hold
 * whatever the rows say, so those files also carry the messy rows.
 */
import fc from 'fast-check';
import type { Seg } from '../cases.js';
import { nastyString } from './common.js';

const COLUMNS = ['index', 'location', 'latitude', 'longitude', 'tag', 'start_date', 'end_date', 'start_hour', 'end_hour'];

function cell(v: string): string {
  return /[",\r\n]/.test(v) || v !== v.trim() ? `"${v.replace(/"/g, '""')}"` : v;
}

const validRow = fc.record({
  location: fc.oneof(fc.constantFrom('Miami FL', 'London', 'Tokyo, Japan', 'São Paulo', '東京', ''), nastyString.map((s) => s.slice(0, 400))),
  latitude: fc.double({ min: -89, max: 89, noNaN: true }).map((n) => String(+n.toFixed(4))),
  longitude: fc.double({ min: -179, max: 179, noNaN: true }).map((n) => String(+n.toFixed(4))),
  tag: fc.string({ maxLength: 30 }),
  window: fc.constantFrom(['', ''], ['2027-07-01', '2027-07-07'], ['2027-01-01', ''], ['', '2030-01-01']),
  hours: fc.constantFrom(['', ''], ['0', '23'], ['9', '17']),
});
type Row = Record<string, string>;
const toRow = (r: { location: string; latitude: string; longitude: string; tag: string; window: readonly string[]; hours: readonly string[] }): Row => ({
  location: r.location, latitude: r.latitude, longitude: r.longitude, tag: r.tag,
  start_date: r.window[0]!, end_date: r.window[1]!, start_hour: r.hours[0]!, end_hour: r.hours[1]!, index: '',
});

const header = fc.tuple(fc.shuffledSubarray(COLUMNS, { minLength: 1 }), fc.boolean(), fc.boolean()).map(([cols, upper, bom]) => {
  const list = cols.includes('location') || (cols.includes('latitude') && cols.includes('longitude')) ? cols : ['location', ...cols];
  return { cols: list, upper, bom };
});

const ROW_POISONS: [string, Row][] = [
  ['lat-not-number', { latitude: 'abc', longitude: '1' }],
  ['lat-range', { latitude: '91', longitude: '1' }],
  ['lon-range', { latitude: '1', longitude: '-181' }],
  ['lat-infinite', { latitude: '1e999', longitude: '1' }],
  ['bad-date', { location: 'London', start_date: '2027-02-30' }],
  ['bad-date-format', { location: 'London', end_date: '07/01/2027' }],
  ['end-before-start', { location: 'London', start_date: '2027-07-10', end_date: '2027-07-01' }],
  ['window-too-long', { location: 'London', start_date: '2020-01-01', end_date: '2030-12-31' }],
  ['hour-range', { location: 'London', start_hour: '24' }],
  ['hours-reversed', { location: 'London', start_hour: '10', end_hour: '9' }],
  ['index-negative', { location: 'London', index: '-1' }],
  ['index-float', { location: 'London', index: '1.5' }],
  ['location-too-long', { location: 'x'.repeat(501) }],
  ['no-location', { tag: 'only a tag' }],
  ['one-coordinate', { latitude: '10' }],
  ['year-range', { location: 'London', start_date: '1899-12-31' }],
];

/** The columns a row poison needs, so the header can carry them. */
const poisonColumns = (row: Row): string[] => Object.keys(row);

export interface CsvBody {
  kind: string;
  segs: Seg[];
}

const separators = fc.array(fc.constantFrom('\n', '\r\n', '\r\n', '\r', '\n\n'), { minLength: 1, maxLength: 12 });

function renderRows(cols: string[], rows: Row[], seps: string[]): string {
  return rows.map((r, i) => cols.map((c) => cell(r[c] ?? '')).join(',') + (seps[i % seps.length] ?? '\n')).join('');
}

function renderHeader(h: { cols: string[]; upper: boolean; bom: boolean }): string {
  return (h.bom ? '\uFEFF' : '') + h.cols.map((c) => (h.upper ? ` ${c.toUpperCase()} ` : c)).join(',') + '\r\n';
}

/** A header plus well-formed rows, then a poison row on its own line. */
const rowPoisoned: fc.Arbitrary<CsvBody> = fc
  .tuple(header, fc.array(validRow.map(toRow), { maxLength: 8 }), separators, fc.constantFrom(...ROW_POISONS), fc.nat())
  .map(([h, rows, seps, [name, poison], at]) => {
    const cols = [...new Set([...h.cols, ...poisonColumns(poison)])];
    const split = rows.length === 0 ? 0 : at % (rows.length + 1);
    const before = renderRows(cols, rows.slice(0, split), seps.map((s) => (s === '\r' ? '\r\n' : s)));
    const after = renderRows(cols, rows.slice(split), seps);
    return { kind: `csv:${name}`, segs: [renderHeader({ ...h, cols }), before, '\n', renderRows(cols, [poison], ['\n']), after] };
  });

/** Rows a parser may trip on: short and long rows, CR-only breaks, stray and doubled quotes, huge fields. */
const messyRows: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      validRow.map((r) => `${cell(r.location)},${r.latitude},${r.longitude}`),
      fc.constantFrom('a', 'a,b,c,d,e,f,g,h,i,j,k,l', ',,,', '"unterminated,1,2', 'x"y,1,2', '"a""b",1,2', '\u0000,1,2', ' , , '),
      fc.integer({ min: 1000, max: 100_000 }).map((n) => `${'y'.repeat(n)},1,2`),
      nastyString.map((s) => `${s},1,2`),
    ).chain((row) => fc.constantFrom('\n', '\r\n', '\r', '').map((sep) => row + sep)),
    { maxLength: 10 },
  )
  .map((rows) => rows.join(''));

const BAD_UTF8 = ['ff', 'c0af', 'eda080', 'e282', 'f5808080', 'e9', 'c3', '80', 'f4908080', 'efbfbe'.slice(0, 2)];
const BAD_HEADERS = ['tag,start_date', 'lat,lon', 'loc,lat,long', 'city', 'Latitude;Longitude', '"location,latitude"', 'index,tag'];

const fileLevel: fc.Arbitrary<CsvBody> = fc.oneof(
  fc.tuple(header, messyRows, fc.constantFrom(...BAD_UTF8), fc.nat()).map(([h, rows, bad, at]): CsvBody => {
    const body = renderHeader(h) + rows;
    const cut = at % (body.length + 1);
    return { kind: 'csv:bad-utf8', segs: [body.slice(0, cut), { hex: `${bad}0a` }, body.slice(cut)] };
  }),
  fc.tuple(fc.constantFrom(...BAD_HEADERS), messyRows).map(([h, rows]): CsvBody => ({ kind: 'csv:no-location-column', segs: [`${h}\n`, rows] })),
  fc.tuple(fc.constantFrom('location,location', 'latitude,longitude,latitude', 'location,tag,LOCATION', 'index,location, index'), messyRows).map(([h, rows]): CsvBody => ({ kind: 'csv:duplicate-column', segs: [`${h}\n`, rows] })),
  fc.constantFrom('', '\uFEFF', '\n\n\n', '\r\n', 'location\n', 'location,latitude,longitude\r\n', 'location\n\n\n', '\uFEFFlatitude,longitude').map((s): CsvBody => ({ kind: 'csv:empty', segs: [s] })),
  fc.integer({ min: 100_001, max: 101_000 }).map((n): CsvBody => ({ kind: 'csv:too-many-rows', segs: ['latitude,longitude\n', { repeat: '1,2\n', times: n }] })),
  fc.integer({ min: 1, max: 1024 * 1024 }).map((extra): CsvBody => ({ kind: 'csv:oversized', segs: ['location\n', { repeat: 'London\n', times: Math.ceil((2 * 1024 * 1024 + extra) / 7) }] })),
  fc.constant<CsvBody>({ kind: 'csv:duplicate-index', segs: ['index,location\n1,London\n2,Paris\n1,Rome\n'] }),
);

export const poisonedCsv: fc.Arbitrary<CsvBody> = fc.oneof({ weight: 3, arbitrary: rowPoisoned }, { weight: 2, arbitrary: fileLevel });

/** A CSV the service would accept (used only with keys that must be refused). */
export const validCsv: fc.Arbitrary<CsvBody> = fc.array(validRow.map(toRow), { minLength: 1, maxLength: 5 }).map((rows) => ({
  kind: 'csv:valid',
  segs: [`location,latitude,longitude,tag\n${rows.map((r) => `${cell(r.location || 'London')},${r.latitude},${r.longitude},${cell(r.tag ?? '')}`).join('\n')}\n`],
}));

// ------------------------------------------------------------- multipart

export interface UploadBody {
  kind: string;
  contentType: string | null;
  segs: Seg[];
}

const boundary = fc.constantFrom('fuzzBOUNDARY', '----WebKitFormBoundary7MA4YWxkTrZu0gW', 'a', 'x'.repeat(70), 'y'.repeat(200), 'with space', 'quote"d', '=?utf-8?', '--');
const filename = fc.oneof(fc.constantFrom('schedule.csv', '../../../etc/passwd', '..\\..\\hazrisk.db', 'a\u0000b.csv', '', '.csv', 'x'.repeat(400), '名前.csv', 'a"b.csv', '%2e%2e%2fx.csv'), nastyString);

function part(b: string, disposition: string, type: string | null, content: Seg[], eol = '\r\n'): Seg[] {
  return [`--${b}${eol}Content-Disposition: ${disposition}${eol}`, ...(type ? [`Content-Type: ${type}${eol}`] : []), eol, ...content, eol];
}

export function multipart(csv: fc.Arbitrary<CsvBody>): fc.Arbitrary<UploadBody> {
  return fc
    .tuple(csv, boundary, filename, fc.constantFrom('text/csv', 'application/octet-stream', 'image/png', null), fc.integer({ min: 0, max: 9 }), fc.integer({ min: 31, max: 60 }))
    .map(([file, b, name, type, how, many]): UploadBody => {
      const ct = `multipart/form-data; boundary=${b.includes(' ') || b.includes('"') ? `"${b.replace(/"/g, '\\"')}"` : b}`;
      const disp = `form-data; name="file"; filename="${name.replace(/"/g, '%22').replace(/[\r\n]/g, '')}"`;
      const filePart = part(b, disp, type, file.segs);
      const close = `--${b}--\r\n`;
      const k = `${file.kind}`;
      switch (how) {
        case 0: return { kind: `${k}/multipart-extra-parts`, contentType: ct, segs: ['preamble\r\n', ...part(b, 'form-data; name="meta"', null, ['x']), ...filePart, ...part(b, 'form-data; name="file"; filename="second.csv"', 'text/csv', ['latitude,longitude\nabc,1\n']), close, 'epilogue'] };
        case 1: return { kind: `${k}/multipart-lf-only`, contentType: ct, segs: [...part(b, disp, type, file.segs, '\n'), `--${b}--\n`] };
        case 2: return { kind: `${k}/multipart-truncated`, contentType: ct, segs: filePart.slice(0, -1) };
        case 3: return { kind: `${k}/multipart-no-boundary-param`, contentType: 'multipart/form-data', segs: [...filePart, close] };
        case 4: return { kind: `${k}/multipart-wrong-boundary`, contentType: `multipart/form-data; boundary=other${b}`, segs: [...filePart, close] };
        case 5: return { kind: `${k}/multipart-wrong-field`, contentType: ct, segs: [...part(b, `form-data; name="${['File', 'files', 'file[]', '', 'csv'][many % 5]}"; filename="a.csv"`, type, file.segs), close] };
        case 6: return { kind: `${k}/multipart-too-many-parts`, contentType: ct, segs: [...Array.from({ length: many }, (_, i) => part(b, `form-data; name="f${i}"`, null, ['v'])).flat(), ...filePart, close] };
        case 7: return { kind: `${k}/multipart-no-disposition`, contentType: ct, segs: [`--${b}\r\nContent-Type: text/csv\r\n\r\n`, ...file.segs, `\r\n${close}`] };
        default: return { kind: `${k}/multipart`, contentType: ct, segs: [...filePart, close] };
      }
    });
}

/** Bodies that are not multipart at all. */
export const notMultipart: fc.Arbitrary<UploadBody> = fc
  .tuple(poisonedCsv, fc.constantFrom<string | null>('text/csv', 'application/json', null, 'multipart/mixed; boundary=x', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary='))
  .map(([csv, ct]) => ({ kind: `${csv.kind}/not-multipart`, contentType: ct, segs: csv.segs }));
