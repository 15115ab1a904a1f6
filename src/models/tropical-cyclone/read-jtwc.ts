/**
 * JTWC best tracks (1-minute sustained winds, kt):
 * - jtwc-wp/: West Pacific 1945–2021 (position, VMax, MSLP);
 * - tc-north-indian/: North Indian `bio` 1982–2023 (with status, r34, RMW);
 * - tc-southern-hemisphere/: southern hemisphere 1981/82–2018/19 (position and wind only).
 */
import { readCsvRecords, sourceFile } from '../../catalogues/files.js';
import { CATALOGUES } from '../../catalogues/registry.js';
import { wrapLongitude } from '../../geo/sphere.js';
import { groupBy, makeFix, orderFixes, parseUtc, positiveOrNull, quadrants, southernBasin, windOrNull } from './fixes.js';
import type { Basin, Stage, Storm, TrackFix } from './track-types.js';

const { jtwcWp: JTWC_WP, jtwcNi: JTWC_NI, jtwcSh: JTWC_SH } = CATALOGUES;

/** ATCF status codes in the `bio` files; XX and empty are unknown. */
const STAGE_OF_TY: Record<string, Stage> = {
  TD: 'tropical', TS: 'tropical', TY: 'tropical', ST: 'tropical', TC: 'tropical', HU: 'tropical',
  SD: 'subtropical', SS: 'subtropical',
  EX: 'extratropical',
  DB: 'disturbance', MD: 'disturbance', LO: 'disturbance', WV: 'disturbance',
};

export function readJtwcWestPacific(sourcesDir: string): Storm[] {
  const records = readCsvRecords(sourceFile(sourcesDir, JTWC_WP.folder, JTWC_WP.file));
  return [...groupBy(records, (r) => r.SN!).entries()].map(([serial, rows]) => {
    const season = Number(serial.slice(0, 4));
    const fixes = rows.map((r) =>
      makeFix(Date.UTC(Number(r.Year), Number(r.Month) - 1, Number(r.Day), Number(r.Hour)), Number(r.Lat), wrapLongitude(Number(r.Lon)), windOrNull(r.VMax), {
        pressureHpa: positiveOrNull(r.MSLP),
      }),
    );
    return storm(`WP${serial.slice(4).padStart(2, '0')}${season}`, null, 'WP', season, JTWC_WP.folder, fixes);
  });
}

export function readJtwcNorthIndian(sourcesDir: string): Storm[] {
  const records = readCsvRecords(sourceFile(sourcesDir, JTWC_NI.folder, JTWC_NI.file));
  return [...groupBy(records, (r) => r.storm_id!).entries()].map(([id, rows]) => {
    const named = rows.map((r) => r.name?.trim() ?? '').find((n) => n !== '' && n !== 'INVEST' && !/^\d/.test(n));
    const fixes = rows.map((r) =>
      makeFix(parseUtc(r.time_utc!), Number(r.lat), wrapLongitude(Number(r.lon)), windOrNull(r.vmax_kt), {
        pressureHpa: positiveOrNull(r.mslp_hpa),
        rmwNm: positiveOrNull(r.rmw_nm),
        r34: quadrants(r.r34_ne, r.r34_se, r.r34_sw, r.r34_nw),
        stage: STAGE_OF_TY[r.ty?.trim() ?? ''] ?? null,
      }),
    );
    return storm(id, named ?? null, 'NI', Number(rows[0]!.season), JTWC_NI.folder, fixes);
  });
}

export function readJtwcSouthernHemisphere(sourcesDir: string): Storm[] {
  const records = readCsvRecords(sourceFile(sourcesDir, JTWC_SH.folder, JTWC_SH.file));
  return [...groupBy(records, (r) => r.storm_id!).entries()].map(([id, rows]) => {
    const fixes = rows.map((r) => makeFix(parseUtc(r.time_utc!), Number(r.lat), wrapLongitude(Number(r.lon)), windOrNull(r.vmax_kt)));
    const storm0 = storm(id, null, 'SI', Number(rows[0]!.season), JTWC_SH.folder, fixes);
    return { ...storm0, basin: southernBasin(storm0.fixes) };
  });
}

function storm(id: string, name: string | null, basin: Basin, season: number, source: string, fixes: TrackFix[]): Storm {
  return { id, name, basin, season, source, fixes: orderFixes(fixes.filter((f) => Number.isFinite(f.lat) && Number.isFinite(f.lon))) };
}
