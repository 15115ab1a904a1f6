/**
 * IBTrACS v04r00 South Pacific (ibtracs-sp/), 1897 – May 2022, 3-hourly.
 * Wind: the JTWC ("usa") 1-minute wind where present, else the responsible WMO
 * agency's 10-minute wind converted to 1-minute (WIND_AVERAGING). Spur tracks are
 * dropped; main and provisional tracks kept. Longitudes (to 242°E) normalised.
 */
import { readCsvRecords, sourceFile } from '../../catalogues/files.js';
import { CATALOGUES } from '../../catalogues/registry.js';
import { wrapLongitude } from '../../geo/sphere.js';
import { groupBy, makeFix, orderFixes, parseUtc, positiveOrNull, quadrants, southernBasin, windOrNull } from './fixes.js';
import { WIND_AVERAGING } from './parameters.js';
import type { Stage, Storm } from './track-types.js';

const IBTRACS_SP = CATALOGUES.ibtracsSp;

const KEPT_TRACK_TYPES = new Set(['main', 'PROVISIONAL']);

const STAGE_OF_NATURE: Record<string, Stage> = { TS: 'tropical', SS: 'subtropical', ET: 'extratropical', DS: 'disturbance' };

export function readIbtracsSouthPacific(sourcesDir: string): Storm[] {
  const records = readCsvRecords(sourceFile(sourcesDir, IBTRACS_SP.folder, IBTRACS_SP.file)).filter((r) => KEPT_TRACK_TYPES.has(r.track_type ?? ''));
  return [...groupBy(records, (r) => r.sid!).entries()].map(([sid, rows]) => {
    const fixes = orderFixes(
      rows
        .map((r) =>
          makeFix(parseUtc(r.iso_time!), Number(r.lat), wrapLongitude(Number(r.lon)), oneMinuteWind(r), {
            pressureHpa: positiveOrNull(r.usa_pres_hpa) ?? positiveOrNull(r.wmo_pres_hpa),
            rmwNm: positiveOrNull(r.usa_rmw_nm) ?? positiveOrNull(r.bom_rmw_nm),
            r34: quadrants(r.usa_r34_ne, r.usa_r34_se, r.usa_r34_sw, r.usa_r34_nw),
            stage: STAGE_OF_NATURE[r.nature ?? ''] ?? null,
          }),
        )
        .filter((f) => Number.isFinite(f.lat) && Number.isFinite(f.lon)),
    );
    const name = rows[0]!.name?.trim();
    return {
      id: sid,
      name: name && name !== 'NOT_NAMED' ? name : null,
      basin: southernBasin(fixes),
      season: Number(rows[0]!.season),
      source: IBTRACS_SP.folder,
      fixes,
    };
  });
}

function oneMinuteWind(r: Record<string, string>): number | null {
  const usa = windOrNull(r.usa_wind_kt);
  if (usa !== null) return usa;
  const wmo = windOrNull(r.wmo_wind_kt);
  return wmo === null ? null : wmo * WIND_AVERAGING.tenMinuteToOneMinute;
}
