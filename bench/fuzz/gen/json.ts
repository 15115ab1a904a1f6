/**
 * JSON bodies: for each JSON route a generator of *valid* bodies and a list of
 * poisons, each guaranteed to make the body invalid (the route must answer
 * 4xx). Also the body-independent families: malformed JSON text, wrong types,
 * deep nesting, oversized and huge-array bodies.
 */
import fc from 'fast-check';
import type { Seg } from '../cases.js';
import { PERIL_NAMES } from '../../../src/engine/perils.js';
import { LITE_METHODS } from '../../../src/lite/score.js';
import { nastyString } from './common.js';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type Obj = { [k: string]: Json };
export interface PoisonCtx {
  /** The key's label (authArb): some poisons only hold for the owner of the set-up files and jobs. */
  label: string;
  headers: [string, string][];
}
/** Mutates the body (and maybe headers) into an invalid request; false when it does not apply, so another is used. */
export type Poison = (body: Obj, ctx: PoisonCtx) => boolean;

const set = (field: string, value: Json): Poison => (b) => {
  b[field] = value;
  return true;
};
const drop = (...fields: string[]): Poison => (b) => {
  for (const f of fields) delete b[f];
  return true;
};

export type InDepthMode = 'v2' | 'daily' | 'expanding';
const CUMULATIVE = ['CumulativeRain', 'Cumulativesnow'];
const MAX_COMBOS: Record<InDepthMode, number> = { v2: 25, daily: 25, expanding: 10 };

const coords = fc.record({ latitude: fc.double({ min: -89.9, max: 89.9, noNaN: true }), longitude: fc.double({ min: -179.9, max: 179.9, noNaN: true }) });
const place = fc.constantFrom('Miami, FL', 'London, UK', 'Tokyo', 'Mumbai', 'Sydney').map((location) => ({ location }));
const window = fc.constantFrom<[string, string] | null>(null, ['2027-07-01', '2027-07-07'], ['2027-01-01', '2027-12-31'], ['2026-12-30', '2027-01-02']);
const hours = fc.option(fc.tuple(fc.integer({ min: 0, max: 11 }), fc.integer({ min: 12, max: 23 })));
const event: fc.Arbitrary<Obj> = fc.tuple(fc.oneof(coords, place), window, hours, fc.option(fc.string({ maxLength: 20 }))).map(([where, w, h, tag]) => {
  const e: Obj = { ...where };
  if (w) [e.start_date, e.end_date] = w;
  if (h) [e.start_hour, e.end_hour] = h;
  if (tag !== null) e.tag = tag;
  return e;
});

export function validInDepth(mode: InDepthMode): fc.Arbitrary<Obj> {
  const perils = mode === 'expanding' ? fc.shuffledSubarray(CUMULATIVE, { minLength: 1 }) : fc.shuffledSubarray([...PERIL_NAMES], { minLength: 1, maxLength: 3 });
  return perils.chain((p) =>
    fc.tuple(fc.array(event, { minLength: 1, maxLength: Math.min(4, Math.floor(MAX_COMBOS[mode] / p.length)) }), fc.integer({ min: 0, max: 7 }), fc.boolean()).map(([events, wd, withWd]) => {
      const body: Obj = { perils: p, events };
      if (mode === 'expanding' || (mode === 'v2' && withWd)) body.window_days = wd;
      return body;
    }),
  );
}

const events = (b: Obj): Obj[] => (Array.isArray(b.events) ? (b.events as Obj[]) : []);
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const pickEvent = (b: Obj, i: number): Obj | null => {
  const list = events(b).filter(isObj);
  return list.length === 0 ? null : list[i % list.length]!;
};
const eventPoison = (f: (e: Obj) => void) => (i: number): Poison => (b) => {
  const e = pickEvent(b, i);
  if (!e) return false;
  f(e);
  return true;
};

const BAD_DATES = ['2027-02-30', '2027-13-01', '2027-1-01', '20270101', '2027-07-01T00:00:00Z', '07/01/2027', '', '2027-07-01 ', '１９９９-01-01', '1899-12-31', '2201-01-01', '+002027-07-01', '2027-00-10', '2027-02-29', '0000-01-01'];
const WRONG_TYPES: Json[] = ['25.7', true, [], {}, 'x', [1]];

export function inDepthPoisons(mode: InDepthMode): fc.Arbitrary<Poison> {
  const list: fc.Arbitrary<Poison>[] = [
    fc.tuple(fc.nat(), fc.constantFrom(90.0001, -91, 1e308, 200)).map(([i, v]) => eventPoison((e) => void (e.latitude = v, e.longitude ??= 0))(i)),
    fc.tuple(fc.nat(), fc.constantFrom(180.0001, -181, -1e308, 360)).map(([i, v]) => eventPoison((e) => void (e.longitude = v, e.latitude ??= 0))(i)),
    fc.tuple(fc.nat(), fc.constantFrom('latitude', 'longitude', 'start_hour', 'end_hour', 'index', 'start_date'), fc.constantFrom(...WRONG_TYPES)).map(([i, f, v]) => eventPoison((e) => void (e[f] = v))(i)),
    fc.tuple(fc.nat(), fc.constantFrom('tag', 'location'), fc.constantFrom<Json>(1, true, [], {}, 0.5)).map(([i, f, v]) => eventPoison((e) => void (e[f] = v))(i)),
    fc.tuple(fc.nat(), fc.constantFrom('start_date', 'end_date'), fc.constantFrom(...BAD_DATES)).map(([i, f, v]) => eventPoison((e) => void (e[f] = v))(i)),
    fc.nat().map((i) => eventPoison((e) => void ((e.start_date = '2027-07-10'), (e.end_date = '2027-07-01')))(i)),
    fc.nat().map((i) => eventPoison((e) => void ((e.start_date = '2020-01-01'), (e.end_date = '2030-12-31')))(i)),
    fc.tuple(fc.nat(), fc.constantFrom(24, -1, 1.5, 100)).map(([i, v]) => eventPoison((e) => void (e.start_hour = v))(i)),
    fc.nat().map((i) => eventPoison((e) => void ((e.start_hour = 10), (e.end_hour = 9)))(i)),
    fc.tuple(fc.nat(), fc.constantFrom('starthour', 'Latitude', 'lat', 'lon', 'date', 'extra', 'peril', ' location')).map(([i, f]) => eventPoison((e) => void (e[f] = 1))(i)),
    fc.tuple(fc.nat(), fc.constantFrom<Json>(-1, 1.5, '1', true)).map(([i, v]) => eventPoison((e) => void (e.index = v))(i)),
    fc.nat().map((i) => eventPoison((e) => void (delete e.location, delete e.latitude, delete e.longitude))(i)),
    fc.nat().map((i) => eventPoison((e) => void (delete e.location, delete e.longitude, (e.latitude = 10)))(i)),
    fc.tuple(fc.nat(), fc.constantFrom('location', 'tag'), fc.integer({ min: 501, max: 3000 })).map(([i, f, n]) => eventPoison((e) => void (e[f] = 'é'.repeat(n)))(i)),
    fc.tuple(fc.nat(), fc.constantFrom<Json>(1, 'x', [], true, null)).map(([i, v]): Poison => (b) => {
      const list = events(b);
      if (list.length === 0) return false;
      (list as Json[])[i % list.length] = v;
      return true;
    }),
    fc.constant<Poison>((b) => {
      const list = events(b);
      const first = list.find(isObj);
      if (!first) return false;
      first.index = 3;
      list.push({ ...first, index: 3 });
      return true;
    }),
    fc.constantFrom<Json>([], 'Rain', [1], ['Quake'], ['rain'], ['Rain', 'Rain'], [null], ['Earthquake '], ['\u0052ain\u0000'], Array.from({ length: 21 }, () => 'Rain')).map((v) => set('perils', v)),
    fc.constantFrom<Json>([], {}, 'Miami').map((v) => set('events', v)),
    fc.constantFrom('perils', 'events').map((f) => drop(f)),
    fc.constant<Poison>((b) => {
      b.events = Array.from({ length: mode === 'expanding' ? 11 : 26 }, (_, i) => ({ latitude: i, longitude: i }));
      return true;
    }),
    fc.constant<Poison>((b) => {
      b.perils = mode === 'expanding' ? [...CUMULATIVE] : ['Rain', 'Earthquake', 'Wildfire'];
      b.events = Array.from({ length: mode === 'expanding' ? 6 : 9 }, (_, i) => ({ latitude: i, longitude: -i }));
      return true;
    }),
    fc.constantFrom('Perils', 'peril', 'window_day', 'options', 'Events', '').map((f) => set(f, 1)),
  ];
  if (mode === 'daily') list.push(fc.integer({ min: 0, max: 7 }).map((v) => set('window_days', v)));
  else list.push(fc.constantFrom<Json>(8, -1, 1.5, '2', true, 1e9).map((v) => set('window_days', v)));
  if (mode === 'expanding') {
    list.push(fc.constant(drop('window_days')));
    list.push(fc.constantFrom('Rain', 'Earthquake', 'MaxWindGust').map((p) => set('perils', [p])));
  }
  return fc.oneof(...list);
}

// ------------------------------------------------------------- batch submissions

export function validSubmit(kind: 'in_depth' | 'lite'): fc.Arbitrary<Obj> {
  if (kind === 'in_depth') return fc.shuffledSubarray([...PERIL_NAMES], { minLength: 1, maxLength: 4 }).map((perils): Obj => ({ file_id: '{{FILE_A}}', perils }));
  return fc.tuple(fc.option(fc.constantFrom(...LITE_METHODS)), fc.option(fc.boolean())).map(([m, fp]): Obj => {
    const b: Obj = { file_id: '{{FILE_A}}' };
    if (m !== null) b.calculation_method = m;
    if (fp !== null) b.flood_plus = fp;
    return b;
  });
}

/** The set-up jobs' Idempotency-Keys belong to the main key: reusing one for another kind of job is a 409. */
const OWNER_LABELS = new Set(['key', 'key-lowercase-name', 'duplicate-header']);

export function submitPoisons(kind: 'in_depth' | 'lite'): fc.Arbitrary<Poison> {
  const unknownIds = fc.oneof(
    fc.constantFrom('{{FILE_A}}x', ' {{FILE_A}}', '{{FILE_A_UPPER}}', 'file_0000000000000000', '../uploads/{{FILE_A}}', '{{JOB_IN}}', '', '%'),
    nastyString.map((s) => s.slice(0, 100)),
  );
  const list: fc.Arbitrary<Poison>[] = [
    unknownIds.map((id) => set('file_id', id)),
    fc.constant<Poison>((b, ctx) => {
      if (ctx.label === 'other-owner') return false; // the other owner's own file
      b.file_id = '{{FILE_OTHER}}';
      return true;
    }),
    fc.integer({ min: 101, max: 5000 }).map((n) => set('file_id', 'f'.repeat(n))),
    fc.constantFrom<Json>(1, true, [], {}, ['{{FILE_A}}']).map((v) => set('file_id', v)),
    fc.constant(drop('file_id')),
    fc.constantFrom('files', 'File', 'perils ', 'priority', 'callback_url', '__proto__x').map((f) => set(f, 'x')),
    fc.constantFrom('', 'x'.repeat(256), 'ключ', 'a b', 'a\u00e9b').map((v): Poison => (_b, ctx) => {
      ctx.headers.push(['Idempotency-Key', v]);
      return true;
    }),
    fc.constant<Poison>((_b, ctx) => {
      if (!OWNER_LABELS.has(ctx.label)) return false;
      ctx.headers.push(['Idempotency-Key', kind === 'in_depth' ? '{{IDEM_B}}' : '{{IDEM_A}}']);
      return true;
    }),
  ];
  if (kind === 'in_depth') {
    list.push(fc.constantFrom<Json>([], 'Rain', ['Quake'], ['Rain', 'Rain'], [1], Array.from({ length: 21 }, () => 'Rain')).map((v) => set('perils', v)));
    list.push(fc.constant(drop('perils')));
  } else {
    list.push(fc.constantFrom<Json>('Return_Period', 'percentile', '', 1, 'relative').map((v) => set('calculation_method', v)));
    list.push(fc.constantFrom<Json>('true', 1, 'yes', []).map((v) => set('flood_plus', v)));
    list.push(fc.constant(set('perils', ['Rain'])));
  }
  return fc.oneof(...list);
}

// ------------------------------------------------------------- historic shapes

export const HISTORIC_PERILS = ['Tornado', 'Hail', 'Wildfire', 'TropicalCyclone'];

export function validShapes(peril: string): fc.Arbitrary<Obj> {
  return fc
    .tuple(fc.double({ min: -89, max: 89, noNaN: true }), fc.double({ min: -179, max: 179, noNaN: true }), fc.option(fc.integer({ min: 1, max: 50 })), fc.option(fc.integer({ min: 1950, max: 2020 })))
    .map(([lat, lon, radius, year]): Obj => {
      const b: Obj = { peril_name: peril, lat, lon };
      if (radius !== null) b.radius = { value: radius, unit: 'km' };
      if (year !== null) [b.start_year, b.end_year] = [year, year + 3];
      return b;
    });
}

export const shapesPoisons: fc.Arbitrary<Poison> = fc.oneof(
  fc.constantFrom<Json>('tornado', 'Earthquake', '', 1, 'Tornado ', 'x'.repeat(41)).map((v) => set('peril_name', v)),
  fc.constant(drop('peril_name')),
  fc.constantFrom<Json>(90.5, -91, '35', true).map((v) => set('lat', v)),
  fc.constantFrom('lat', 'lon').map((f) => drop(f)),
  fc.constant(drop('lat', 'lon', 'external_id')),
  fc.constantFrom<Json>([0], [13], [], [1.5], Array.from({ length: 13 }, () => 1), 'June').map((v) => set('months', v)),
  fc.constantFrom<Json>(1799, 2201, 1.5, '2000').map((v) => set('start_year', v)),
  fc.constant<Poison>((b) => {
    b.start_year = 2010;
    b.end_year = 2000;
    return true;
  }),
  fc.constantFrom<Json>({ value: 1, unit: 'parsec' }, { value: -1 }, { value: 0, unit: 'km' }, { value: '5' }, { value: 1, unit: '' }, { value: 1e9, unit: 'mi' }, { value: 1, extra: 1 }, 5).map((v) => set('radius', v)),
  fc.constantFrom<Json>({ value: 1 }, { value: 1, unit: 'furlong' }, { value: 'F5', unit: 'EF' }).map((v) => set('size', v)),
  fc.constantFrom<Json>('', 'x'.repeat(101), 1).map((v) => set('external_id', v)),
  fc.constantFrom('include_visual_data', 'radius_km', 'perils', 'Lat').map((f) => set(f, 1)),
);

// ------------------------------------------------------------- body-independent families

export function poisoned(base: fc.Arbitrary<Obj>, poisons: fc.Arbitrary<Poison>, label: string, headers: [string, string][] = []): fc.Arbitrary<{ body: Obj; headers: [string, string][] }> {
  return fc.tuple(base, fc.array(poisons, { minLength: 1, maxLength: 3 })).map(([b, list]) => {
    const body = structuredClone(b);
    const ctx: PoisonCtx = { label, headers: [...headers] };
    let applied = 0;
    for (const p of list) if (p(body, ctx)) applied++;
    if (applied === 0) body.unrecognised_member = true;
    return { body, headers: ctx.headers };
  });
}

/** Neutral re-spellings of a (poisoned) body: whitespace, escapes, a stray invalid UTF-8 byte in a string. */
export function spell(body: Json): fc.Arbitrary<Seg[]> {
  const text = JSON.stringify(body);
  return fc.constantFrom('plain', 'pretty', 'escaped', 'badbyte', 'crlf').map((how): Seg[] => {
    if (how === 'pretty') return [JSON.stringify(body, null, '\t')];
    if (how === 'crlf') return [JSON.stringify(body, null, 1).replace(/\n/g, '\r\n')];
    if (how === 'escaped') return [text.replace(/[a-z]/g, (c) => (c === 'e' || c === 'u' ? c : `\\u00${c.charCodeAt(0).toString(16)}`))];
    if (how === 'badbyte') {
      const at = text.indexOf('"', 1);
      return at < 0 ? [text] : [text.slice(0, at + 1), { hex: 'ff' }, text.slice(at + 1)];
    }
    return [text];
  });
}

/** Text that is not JSON (or not an object), from a valid body's text. */
type Malformed = { kind: string; body: Seg[] };

export function malformed(valid: Obj): fc.Arbitrary<Malformed> {
  const text = JSON.stringify(valid);
  return fc.oneof(
    fc.integer({ min: 0, max: Math.max(0, text.length - 2) }).map((n): Malformed => ({ kind: 'truncated', body: [text.slice(0, n)] })),
    fc.constant<Malformed>({ kind: 'trailing-comma', body: [`${text.slice(0, -1)},}`] }),
    fc.constant<Malformed>({ kind: 'single-quotes', body: [text.replace(/"/g, "'")] }),
    fc.constant<Malformed>({ kind: 'bom', body: [{ hex: 'efbbbf' }, text] }),
    fc.constant<Malformed>({ kind: 'nan', body: [`{"x":NaN,${text.slice(1)}`] }),
    fc.constant<Malformed>({ kind: 'comment', body: [`/* c */${text}`] }),
    fc.constant<Malformed>({ kind: 'raw-control', body: [text.replace('"', '"\u0001')] }),
    fc.constant<Malformed>({ kind: 'two-documents', body: [text, text] }),
    fc.constant<Malformed>({ kind: 'form-encoded', body: ['perils=Rain&events=%5B%5D'] }),
    fc.constant<Malformed>({ kind: 'utf16', body: [{ hex: Buffer.from(text, 'utf16le').toString('hex') }] }),
    fc.uint8Array({ minLength: 1, maxLength: 200 }).map((a): Malformed => ({ kind: 'random-bytes', body: [{ hex: Buffer.from(a).toString('hex') }] })),
    fc.string({ minLength: 1, maxLength: 80 }).filter((s) => !s.trim().startsWith('{')).map((s): Malformed => ({ kind: 'random-text', body: [s] })),
  );
}

export const wrongType: fc.Arbitrary<Seg[]> = fc.constantFrom('[]', '"x"', '1', 'true', 'null', '[{}]', '{"0":1}', '-0', '1e999', '""').map((s) => [s]);

/** Nested arrays/objects: shallow, past the ~5,000 levels a recursive walk survives, and far past it. */
export const deep: fc.Arbitrary<Seg[]> = fc
  .tuple(
    fc.oneof(fc.integer({ min: 50, max: 2000 }), fc.integer({ min: 2000, max: 20_000 }), fc.integer({ min: 20_000, max: 200_000 })),
    fc.constantFrom('array', 'object'),
    fc.constantFrom('top', 'perils', 'events', 'member'),
  )
  .map(([depth, kind, where]): Seg[] => {
    const open = kind === 'array' ? '[' : '{"a":';
    const close = kind === 'array' ? ']' : '}';
    const nest: Seg[] = [{ repeat: open, times: depth }, '1', { repeat: close, times: depth }];
    if (where === 'top') return nest;
    if (where === 'perils') return ['{"perils":', ...nest, ',"events":[{"latitude":1,"longitude":1}]}'];
    if (where === 'events') return ['{"perils":["Rain"],"events":[', ...nest, ']}'];
    return ['{"x":', ...nest, '}'];
  });

/** Bodies past the 1 MiB JSON limit. */
export const oversized: fc.Arbitrary<Seg[]> = fc
  .tuple(fc.integer({ min: 1, max: 2 * 1024 * 1024 }), fc.constantFrom('string', 'spaces', 'events'))
  .map(([extra, how]): Seg[] => {
    const n = 1024 * 1024 + extra;
    if (how === 'spaces') return [{ repeat: ' ', times: n }, '{}'];
    if (how === 'events') return ['{"perils":["Rain"],"events":[', { repeat: '{"latitude":1,"longitude":1},', times: Math.ceil(n / 29) }, '{}]}'];
    return ['{"perils":["Rain"],"events":[{"latitude":1,"longitude":1,"tag":"', { repeat: 'x', times: n }, '"}]}'];
  });

/** Arrays far over every item limit but under the byte limit. */
export const hugeArray: fc.Arbitrary<Seg[]> = fc
  .tuple(fc.integer({ min: 1000, max: 100_000 }), fc.constantFrom('events', 'perils', 'numbers'))
  .map(([n, what]): Seg[] => {
    if (what === 'events') return ['{"perils":["Rain"],"events":[', { repeat: '{},', times: Math.min(n, 200_000) }, '{}]}'];
    if (what === 'perils') return ['{"perils":[', { repeat: '"Rain",', times: Math.min(n, 100_000) }, '"Rain"],"events":[{}]}'];
    return ['{"perils":["Rain"],"events":[{"latitude":1,"longitude":1}],"n":[', { repeat: '1e308,', times: n }, '0]}'];
  });
