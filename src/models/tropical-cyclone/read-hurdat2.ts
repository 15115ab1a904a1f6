/**
 * NHC HURDAT2 (hurdat2/): Atlantic 1851–2025 and NE/Central Pacific 1949–2023,
 * the flat CSV files. Winds are 1-minute sustained kt; radii 2004+, RMW 2021+
 * (and at some reanalysed landfalls).
 */
import { readCsvRecords, sourceFile } from '../../catalogues/files.js';
import { CATALOGUES } from '../../catalogues/registry.js';
import { wrapLongitude } from '../../geo/sphere.js';
import { groupBy, makeFix, orderFixes, parseUtc, positiveOrNull, quadrants, windOrNull } from './fixes.js';
import type { Basin, Stage, Storm } from './track-types.js';

const HURDAT2 = CATALOGUES.hurdat2;

const BASIN_OF_PREFIX: Record<string, Basin> = { AL: 'NA', EP: 'EP', CP: 'CP' };

/** HURDAT2 status codes (incl. the old NEPAC codes TY, ST, ET, PT). */
const STAGE_OF_STATUS: Record<string, Stage> = {
  TD: 'tropical', TS: 'tropical', HU: 'tropical', TY: 'tropical',
  SD: 'subtropical', SS: 'subtropical', ST: 'subtropical',
  EX: 'extratropical', ET: 'extratropical', PT: 'extratropical',
  LO: 'disturbance', WV: 'disturbance', DB: 'disturbance',
};

export function readHurdat2(sourcesDir: string): Storm[] {
  return HURDAT2.files.flatMap((file) => {
    const records = readCsvRecords(sourceFile(sourcesDir, HURDAT2.folder, file));
    return [...groupBy(records, (r) => r.storm_id!).entries()].map(([id, rows]) => stormOf(id, rows));
  });
}

function stormOf(id: string, rows: Record<string, string>[]): Storm {
  const basin = BASIN_OF_PREFIX[id.slice(0, 2)];
  if (!basin) throw new Error(`HURDAT2: unknown basin in storm id ${id}`);
  const name = rows[0]!.name?.trim();
  const fixes = rows.map((r) =>
    makeFix(parseUtc(r.datetime_utc!), Number(r.lat), wrapLongitude(Number(r.lon)), windOrNull(r.max_wind_kt), {
      pressureHpa: positiveOrNull(r.min_pressure_mb),
      rmwNm: positiveOrNull(r.rmw_nm),
      r34: quadrants(r.r34_ne, r.r34_se, r.r34_sw, r.r34_nw),
      r50: quadrants(r.r50_ne, r.r50_se, r.r50_sw, r.r50_nw),
      r64: quadrants(r.r64_ne, r.r64_se, r.r64_sw, r.r64_nw),
      stage: STAGE_OF_STATUS[r.status?.trim() ?? ''] ?? null,
    }),
  );
  return {
    id,
    name: name && name !== 'UNNAMED' ? name : null,
    basin,
    season: Number(id.slice(4, 8)),
    source: HURDAT2.folder,
    fixes: orderFixes(fixes.filter((f) => Number.isFinite(f.lat) && Number.isFinite(f.lon))),
  };
}
