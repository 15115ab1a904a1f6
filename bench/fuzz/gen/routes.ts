/**
 * Route by route: which families each route of the router gets. Routes this
 * table does not know (added later) get the generic families — wrong and odd
 * methods, refused keys, junk queries, and body-level JSON families — and are
 * listed as such in the summary.
 */
import fc from 'fast-check';
import { authArb, type CaseDraft, httpCase, nastyString, noiseHeaders, pct, queryArb, withQuery } from './common.js';
import { badMethod, genericJson, jsonFamilies, junkPairs, junkQuery, oddMethod, refusedKey, withPath, type RouteInfo } from './families.js';
import { HISTORIC_PERILS, inDepthPoisons, shapesPoisons, submitPoisons, validInDepth, validShapes, validSubmit } from './json.js';
import { multipart, notMultipart, poisonedCsv, validCsv } from './upload.js';

type Pairs = [string, string][];
type QueryPoison = (pairs: Pairs, label: string) => boolean;

/** Apply 1–3 poisons that each make the query invalid (first occurrence of a name wins, so bad values go first). */
function poisonedQuery(base: fc.Arbitrary<Pairs>, poisons: fc.Arbitrary<QueryPoison>, label: string): fc.Arbitrary<Pairs> {
  return fc.tuple(base, fc.array(poisons, { minLength: 1, maxLength: 3 })).map(([b, list]) => {
    const pairs = b.map((p): [string, string] => [p[0], p[1]]);
    let applied = 0;
    for (const p of list) if (p(pairs, label)) applied++;
    if (applied === 0) pairs.unshift(['unknown_parameter', '1']);
    return pairs;
  });
}
const front = (name: string, values: string[]): fc.Arbitrary<QueryPoison> => fc.constantFrom(...values).map((v): QueryPoison => (p) => (p.unshift([name, v]), true));
/** A parameter the route does not know (`known` are the ones it does). */
const unknownParam = (known: string[]): fc.Arbitrary<QueryPoison> =>
  fc.tuple(fc.constantFrom(...['calculation_method', 'lat', 'lon', 'latitude', 'Latitude', 'foo', '', 'latitude ', 'perils', 'radius', 'LIMIT'].filter((n) => !known.includes(n))), nastyString).map(([n, v]): QueryPoison => (p) => (p.push([n, v]), true));
const BAD_NUMBERS = ['abc', '91', '-90.5', '1e309', 'NaN', '0x10', '1,5', 'Infinity', '+-1', '١٢', '1e', '--1'];

function queryRoute(r: RouteInfo, path: fc.Arbitrary<string>, base: fc.Arbitrary<Pairs>, poisons: fc.Arbitrary<QueryPoison>): fc.Arbitrary<CaseDraft> {
  const poisonedCase = fc.tuple(authArb(r.needsMode, 0), path, noiseHeaders).chain(([auth, p, noise]) =>
    queryArb(poisonedQuery(base, poisons, auth.label)).map((q) => httpCase(r.label, 'poisoned-query', 'reject', { method: r.method, target: withQuery(p, q), headers: [...auth.headers, ...noise] })),
  );
  const target = fc.tuple(path, queryArb(base)).map(([p, q]) => withQuery(p, q));
  return fc.oneof(
    { weight: 45, arbitrary: poisonedCase },
    { weight: 25, arbitrary: refusedKey(r, target) },
    { weight: 15, arbitrary: junkQuery(r, path) },
    { weight: 8, arbitrary: badMethod(r, target) },
    { weight: 3, arbitrary: oddMethod(r, target) },
  );
}

const lite = (r: RouteInfo) =>
  queryRoute(
    r,
    withPath('/v1/lite'),
    fc.tuple(fc.boolean(), fc.option(fc.constantFrom('false', '0', 'true', '1')), fc.option(fc.string({ maxLength: 20 }))).map(([coords, fp, tag]) => {
      const pairs: Pairs = coords ? [['latitude', '25.76'], ['longitude', '-80.19']] : [['location', 'Miami, FL']];
      if (fp !== null) pairs.push(['flood_plus', fp]);
      if (tag !== null) pairs.push(['tag', tag]);
      return pairs;
    }),
    fc.oneof(
      unknownParam(['location', 'latitude', 'longitude', 'flood_plus', 'tag']),
      front('latitude', BAD_NUMBERS),
      front('longitude', BAD_NUMBERS.map((v) => (v === '91' ? '181' : v === '-90.5' ? '-180.5' : v))),
      front('flood_plus', ['yes', 'TRUE', '2', '', ' true', 'null']),
      fc.tuple(fc.constantFrom('location', 'tag'), fc.integer({ min: 501, max: 20_000 })).map(([n, len]): QueryPoison => (p) => (p.unshift([n, 'x'.repeat(len)]), true)),
      fc.constant<QueryPoison>((p) => {
        for (let i = p.length - 1; i >= 0; i--) if (p[i]![0] === 'location' || p[i]![0] === 'longitude') p.splice(i, 1);
        p.unshift(['latitude', '10']);
        return true;
      }),
      fc.constant<QueryPoison>((p, label) => label === 'limited' && (p.unshift(['flood_plus', 'true']), true)),
    ),
  );

const historicPath = (suffix: string): fc.Arbitrary<string> =>
  fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...HISTORIC_PERILS) }, { weight: 1, arbitrary: nastyString.map(pct) }).map((p) => `/v1/historic-events/${p === '' ? 'x' : p}/${suffix}`);

const historicEvents = (r: RouteInfo) =>
  queryRoute(
    r,
    historicPath('events'),
    fc.tuple(fc.integer({ min: -80, max: 80 }), fc.integer({ min: -170, max: 170 }), fc.option(fc.constantFrom('5', '25', '100')), fc.option(fc.constantFrom('1', '10'))).map(([lat, lon, radius, limit]) => {
      const pairs: Pairs = [['lat', String(lat)], ['lon', String(lon)]];
      if (radius !== null) pairs.push(['radius_km', radius]);
      if (limit !== null) pairs.push(['limit', limit]);
      return pairs;
    }),
    fc.oneof(
      unknownParam(['lat', 'lon', 'start_year', 'end_year', 'radius_km', 'limit']),
      front('lat', ['abc', '91', '', 'NaN', '1e309']),
      front('lon', ['abc', '-181', '', 'Infinity']),
      front('radius_km', ['0', '-5', '1e9', 'far']),
      front('limit', ['0', '1.5', '-1', '100000000', 'all']),
      front('start_year', ['1799', '2201', '19.5', 'MMXX']),
      fc.constant<QueryPoison>((p) => (p.unshift(['start_year', '2010'], ['end_year', '2000']), true)),
      fc.constantFrom('lat', 'lon').map((n): QueryPoison => (p) => {
        for (let i = p.length - 1; i >= 0; i--) if (p[i]![0] === n) p.splice(i, 1);
        return true;
      }),
    ),
  );

/** Ids that name no job of the requesting owner. */
function foreignJobId(kind: 'in_depth' | 'lite', label: string): fc.Arbitrary<string> {
  const others = label === 'other-owner' ? ['{{JOB_IN}}', '{{JOB_LITE}}'] : ['{{JOB_OTHER}}'];
  const wrongKind = label === 'other-owner' ? [] : [kind === 'in_depth' ? '{{JOB_LITE}}' : '{{JOB_IN}}'];
  return fc.oneof(
    fc.constantFrom(...others, ...wrongKind, '{{JOB_IN}}x', '{{JOB_IN_UPPER}}', 'job_00000000000000000000', '..%2F..%2Fhazrisk.db', '%2e%2e', '..', '%00', '{{FILE_A}}'),
    nastyString.filter((s) => s !== '').map(pct),
    fc.integer({ min: 1000, max: 60_000 }).map((n) => 'j'.repeat(n)),
  );
}

function jobRoute(r: RouteInfo, kind: 'in_depth' | 'lite'): fc.Arbitrary<CaseDraft> {
  const prefix = kind === 'in_depth' ? '/v1/in-depth/batch/' : '/v1/lite/batch/';
  const own = kind === 'in_depth' ? '{{JOB_IN}}' : '{{JOB_LITE}}';
  const foreign = fc.tuple(authArb(true, 0), queryArb(junkPairs), noiseHeaders).chain(([auth, q, noise]) =>
    foreignJobId(kind, auth.label).map((id) => httpCase(r.label, 'unknown-job-id', 'reject', { method: r.method, target: withQuery(prefix + id, q), headers: [...auth.headers, ...noise] })),
  );
  const target = fc.oneof(fc.constant(prefix + own), foreignJobId(kind, 'key').map((id) => prefix + id));
  return fc.oneof({ weight: 50, arbitrary: foreign }, { weight: 30, arbitrary: refusedKey(r, target) }, { weight: 8, arbitrary: badMethod(r, target) }, { weight: 3, arbitrary: oddMethod(r, target) });
}

const downloads = (r: RouteInfo): fc.Arbitrary<CaseDraft> => {
  const target = fc.oneof(
    fc.constantFrom('{{LINK_VALID}}', '{{LINK_EXPIRED}}', '{{LINK_TRAVERSAL}}', '{{LINK_JOB_TRAVERSAL}}', '{{LINK_VALID}}x', '{{LINK_VALID}}&expires=1', '{{LINK_TAMPERED}}', '{{LINK_OTHER_ARTEFACT}}'),
    fc
      .tuple(fc.constantFrom('{{JOB_IN}}', '{{JOB_OTHER}}', '..', '%2e%2e%2f%2e%2e', 'x'), fc.constantFrom('results.csv', 'report.html', 'workbook.xlsx', '..%2Fhazrisk.db', 'signing.key', 'x'), queryArb(fc.tuple(fc.constantFrom('expires', 'signature', 'x'), nastyString).map((p) => [p, ['expires', '99999999999999'], ['signature', 'AAAA']] as [string, string][])))
      .map(([job, name, q]) => withQuery(`/v1/downloads/${job}/${name}`, q)),
  );
  return fc.oneof(
    { weight: 60, arbitrary: fc.tuple(target, noiseHeaders).map(([t, noise]) => httpCase(r.label, 'bad-link', 'reject', { method: 'GET', target: t, headers: noise })) },
    { weight: 10, arbitrary: fc.tuple(target, noiseHeaders).map(([t, noise]) => httpCase(r.label, 'bad-link-head', 'reject', { method: 'HEAD', target: t, headers: noise })) },
    { weight: 8, arbitrary: badMethod(r, target) },
    { weight: 3, arbitrary: oddMethod(r, target) },
  );
};

const uiAsset = (r: RouteInfo) =>
  junkQuery(r, fc.oneof(fc.constantFrom('..%2F..%2Fpackage.json', '.env', 'index.html%00', 'INDEX.HTML', 'app.js.map', '%2e%2e', 'a.exe', '..', '.%2e'), nastyString.filter((s) => s !== '').map(pct)).map((a) => `/ui/${a}`));

function upload(r: RouteInfo): fc.Arbitrary<CaseDraft> {
  const path = fc.constant(r.method === 'POST' && r.label.includes('/lite/') ? '/v1/lite/batch/upload' : '/v1/in-depth/batch/upload');
  const send = (kind: 'poisoned' | 'refused') =>
    fc.tuple(authArb(true, kind === 'refused' ? 1 : 0), path, kind === 'refused' ? fc.oneof(multipart(validCsv), multipart(poisonedCsv)) : fc.oneof({ weight: 5, arbitrary: multipart(poisonedCsv) }, { weight: 1, arbitrary: notMultipart }), noiseHeaders.map((h) => h.filter(([n]) => n.toLowerCase() !== 'content-type')), fc.constantFrom<'length' | 'chunked'>('length', 'length', 'length', 'chunked'))
      .map(([auth, p, body, noise, framing]) =>
        httpCase(r.label, kind === 'refused' ? `bad-key:${auth.label}` : body.kind, 'reject', {
          method: 'POST',
          target: p,
          headers: [...auth.headers, ...(body.contentType === null ? [] : ([['Content-Type', body.contentType]] as [string, string][])), ...noise],
          body: body.segs,
          framing,
        }),
      );
  return fc.oneof({ weight: 70, arbitrary: send('poisoned') }, { weight: 20, arbitrary: send('refused') }, { weight: 6, arbitrary: badMethod(r, path) }, { weight: 2, arbitrary: oddMethod(r, path) });
}

/** The path a generic case aims at: `:params` filled with junk. */
function concretePath(path: string): fc.Arbitrary<string> {
  const parts = path.split('/');
  return fc.tuple(...parts.map((p) => (p.startsWith(':') ? nastyString.filter((s) => s !== '').map(pct) : fc.constant(p)))).map((ps) => ps.join('/'));
}

function generic(r: RouteInfo, path: string, body: string | undefined): fc.Arbitrary<CaseDraft> {
  const target = concretePath(path);
  const list: fc.Arbitrary<CaseDraft>[] = [badMethod(r, target), oddMethod(r, target)];
  if (r.method === 'GET') list.push(junkQuery(r, target), junkQuery(r, target));
  if (r.keyed) list.push(refusedKey(r, target), refusedKey(r, target));
  if (body === 'json') list.push(genericJson(r, target), genericJson(r, target));
  return fc.oneof(...list);
}

/** The case arbitrary for one route, and whether it is route-specific. */
export function routeArbitrary(r: RouteInfo, path: string, body: string | undefined): { arb: fc.Arbitrary<CaseDraft>; specific: boolean } {
  const t = withPath(path);
  const json = (valid: Parameters<typeof jsonFamilies>[0]['valid'], poisons: Parameters<typeof jsonFamilies>[0]['poisons'], target = t) => jsonFamilies({ route: r, target, valid, poisons });
  switch (r.label) {
    case 'POST /v2/in-depth':
    case 'POST /v1/in-depth':
      return { arb: json(validInDepth('v2'), inDepthPoisons('v2')), specific: true };
    case 'POST /v1/in-depth/daily':
      return { arb: json(validInDepth('daily'), inDepthPoisons('daily')), specific: true };
    case 'POST /v1/in-depth/expanding':
      return { arb: json(validInDepth('expanding'), inDepthPoisons('expanding')), specific: true };
    case 'POST /v1/in-depth/batch':
      return { arb: json(validSubmit('in_depth'), submitPoisons('in_depth')), specific: true };
    case 'POST /v1/lite/batch':
      return { arb: json(validSubmit('lite'), submitPoisons('lite')), specific: true };
    case 'POST /v1/historic-events/:peril_name/shapes': {
      const target = fc.tuple(fc.constantFrom(...HISTORIC_PERILS), fc.option(fc.constantFrom('include_visual_data=true', 'include_visual_data=false', 'include_visual_data=yes', 'x=1'))).map(([p, q]) => `/v1/historic-events/${p}/shapes${q ? `?${q}` : ''}`);
      const valid = fc.constantFrom(...HISTORIC_PERILS).chain((p) => validShapes(p));
      return { arb: jsonFamilies({ route: r, target, valid, poisons: shapesPoisons }), specific: true };
    }
    case 'POST /v1/in-depth/batch/upload':
    case 'POST /v1/lite/batch/upload':
      return { arb: upload(r), specific: true };
    case 'GET /v1/lite':
      return { arb: lite(r), specific: true };
    case 'GET /v1/historic-events/:peril_name/events':
      return { arb: historicEvents(r), specific: true };
    case 'GET /v1/in-depth/batch/:job_id':
    case 'DELETE /v1/in-depth/batch/:job_id':
      return { arb: jobRoute(r, 'in_depth'), specific: true };
    case 'GET /v1/lite/batch/:job_id':
    case 'DELETE /v1/lite/batch/:job_id':
      return { arb: jobRoute(r, 'lite'), specific: true };
    case 'GET /v1/downloads/:job_id/:artefact':
      return { arb: downloads(r), specific: true };
    case 'GET /ui/:asset':
      return { arb: fc.oneof({ weight: 8, arbitrary: uiAsset(r) }, { weight: 2, arbitrary: badMethod(r, withPath('/ui/app.js')) }), specific: true };
    case 'GET /health':
    case 'GET /openapi.json':
    case 'GET /ui':
    case 'GET /ui/':
    case 'GET /v1/perils':
    case 'GET /v1/schedules':
    case 'GET /v1/jobs': {
      const list: fc.Arbitrary<CaseDraft>[] = [junkQuery(r, t), badMethod(r, t), oddMethod(r, t)];
      if (r.keyed) list.push(refusedKey(r, t), refusedKey(r, t), refusedKey(r, t));
      return { arb: fc.oneof(...list), specific: true };
    }
    default:
      return { arb: generic(r, path, body), specific: false };
  }
}
