/**
 * POST /v1/explain against built tables (issue 36's done-when): for every peril at six places, the
 * lowest and highest threshold whose one-year probability on the v2 curve is between 0.01 % and 90 %;
 * each answer's annual_rate against the v2 curve's rate (limit 0.2 %) and each breakdown's share sum
 * (limit 1 ± 0.005). Needs a running service and a key licensed for every peril in in-depth mode:
 *   HAZRISK_URL=http://localhost:8080 HAZRISK_KEY=… node --import tsx bench/explain-check.ts
 */
const key = process.env.HAZRISK_KEY;
const base = process.env.HAZRISK_URL ?? 'http://localhost:8080';
if (!key) throw new Error('HAZRISK_KEY is required');
/** Answers are read as JSON and checked field by field. */
type Json = any;
const post = async (path: string, json: unknown): Promise<{ status: number; body: Json }> => { const r = await fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key }, body: JSON.stringify(json) }); return { status: r.status, body: await r.json() }; };
const sites: Record<string, [number, number]> = { Miami: [25.76, -80.19], 'LA foothills': [34.2, -118.2], 'Oklahoma City': [35.47, -97.52], Tokyo: [35.68, 139.69], Denver: [39.74, -104.99], Houston: [29.76, -95.37] };
const perils = ['TropicalCyclone', 'Wildfire', 'Earthquake', 'FloodLivePlus', 'Hail', 'USTornado', 'Tornado', 'Rain', 'MaxWindGust', 'CumulativeRain', 'Cumulativesnow'];
const summary: Record<string, number> = {};
let worst = 0;
for (const peril of perils) {
  for (const [name, [latitude, longitude]] of Object.entries(sites)) {
    const v2 = await post('/v2/in-depth', { perils: [peril], events: [{ latitude, longitude }] });
    const res = v2.body.results?.[0];
    if (!res || res.error || !res.probability) continue;
    const idx = res.probability.map((p: number, i: number) => [p, i]).filter(([p]: number[]) => p! >= 0.01 && p! <= 90).map(([, i]: number[]) => i!);
    for (const i of idx.length ? [idx[0], idx[idx.length - 1]] : []) {
      const t = res.threshold[i];
      const t0 = performance.now();
      const ex = await post('/v1/explain', { peril, latitude, longitude, threshold: t });
      const ms = performance.now() - t0;
      if (ex.status !== 200) { console.log(peril, name, t, ex.status, JSON.stringify(ex.body).slice(0, 200)); continue; }
      const p = res.probability[i] / 100;
      // The default window is a policy year from tomorrow: 365 days, or 366 over a 29 February.
      const days = 365; const v2Rate = (-Math.log(1 - p) * 365.25) / days;
      const rateErr = Math.abs(ex.body.annual_rate / v2Rate - 1);
      worst = Math.max(worst, rateErr);
      const sums = ex.body.breakdowns.map((b: Json) => b.items.reduce((s: number, x: Json) => s + x.share, 0));
      const ok = rateErr < 0.002 && sums.every((s: number) => Math.abs(s - 1) <= 0.005) && ex.body.breakdowns.length > 0;
      summary[peril] = (summary[peril] ?? 0) + (ok ? 1 : 0);
      console.log(ok ? 'ok ' : 'BAD', peril.padEnd(15), name.padEnd(14), String(t).padEnd(8), 'p%', res.probability[i], 'rateErr', rateErr.toExponential(1), 'by', ex.body.breakdowns.map((b: Json, k: number) => `${b.by}:${b.items.length}:${sums[k].toFixed(4)}`).join(' '), Math.round(ms) + 'ms');
    }
  }
}
console.log('passing requests per peril', summary, 'largest rate error', worst.toExponential(2));
