import { cellIndex } from '../../engine/grid.js';
import type { HazardTable } from '../../engine/table-spec.js';
import { readAllStorms } from '../tropical-cyclone/sources.js';
import type { BuildContext } from '../types.js';
import { calibrate } from './calibration.js';
import { cellGroups } from './climate-groups.js';
import { TailQuantileTable } from './distributions.js';
import { hcnSites } from './hcn-sites.js';
import { precipMeta, windMeta } from './meta.js';
import { calibrateMultiday } from './multiday-calibration.js';
import { buildPrecipTables } from './precip-tables.js';
import { ASCE_CITIES, EUROCODE_CITIES } from './references.js';
import { calibrateSnowAmounts } from './snow-calibration.js';
import { cellPositions, readCru, readHcnMonths, readHcnStations, readHcnYears, readSpcWindReports } from './sources.js';
import { calibrateTails } from './tail-calibration.js';
import { tcRainDays } from './tc-rain.js';
import { cellWinds } from './wind-background.js';
import { calibrateWind } from './wind-calibration.js';
import { buildWindTable } from './wind-table.js';

/** Catalogues → generator and gust calibrations → the Rain, MaxWindGust, CumulativeRain and Cumulativesnow tables. */
export async function buildWeather(ctx: BuildContext): Promise<HazardTable[]> {
  ctx.progress(0, 'reading CRU climatology and US HCN');
  const cru = readCru(ctx.sourcesDir);
  const stations = readHcnStations(ctx.sourcesDir);
  const years = readHcnYears(ctx.sourcesDir);
  const months = readHcnMonths(ctx.sourcesDir);
  ctx.progress(0.1, 'calibrating the generator on US HCN');
  const cal = calibrate(cru, stations, months);
  ctx.log(
    `weather: generator calibrated on ${cal.stations} HCN stations (${cal.stationMonths} station-months); ` +
      `R² occurrence ${cal.occurrence.r2.toFixed(3)}, shape ${cal.shape.r2.toFixed(3)}, persistence ${cal.persistence.r2.toFixed(3)}, snow ${cal.snow.r2.toFixed(3)}`,
  );
  const snow = calibrateSnowAmounts(cru, cal, stations, months, years);
  ctx.progress(0.2, 'tropical-cyclone rain from best tracks');
  const tcDays = tcRainDays(readAllStorms(ctx.sourcesDir), cru);
  ctx.progress(0.35, 'calibrating the rain tails');
  const quantiles = new TailQuantileTable();
  const groups = cellGroups(ctx.sourcesDir, cru);
  const positions = cellPositions(cru);
  const sites = hcnSites(stations, months, years, (lat, lon) => positions[cellIndex(cru.grid, lat, lon)] ?? -1);
  const tails = calibrateTails(sites, cru, cal, groups, tcDays, quantiles);
  const multiday = calibrateMultiday(sites, cru, cal, groups, tails, tcDays, quantiles);
  ctx.log(
    `weather: tail ξ ${tails.xi.map((x) => x.toFixed(3)).join(', ')} (${tails.groupStations.join(', ')} stations); ` +
      `TC rain from ${tcDays.storms} storms, spread σ ${tails.tcSpread.toFixed(3)} (${tails.coastStations} coast stations); multi-day factor ${multiday.factor.toFixed(3)}`,
  );
  ctx.progress(0.45, 'precipitation tables');
  const precip = buildPrecipTables(
    { cru, cal, snow, groups, tails, tcDays, multidayFactor: multiday.factor, quantiles },
    precipMeta(cal, snow, tails, multiday, tcDays.storms),
    (f) => ctx.progress(0.45 + 0.35 * f, 'precipitation tables'),
  );
  ctx.progress(0.8, 'calibrating and building the gust table');
  const reports = readSpcWindReports(ctx.sourcesDir);
  const built = ctx.built.get('TropicalCyclone');
  const tropicalCyclone = built?.type === 'rate' ? built : null;
  if (!tropicalCyclone) ctx.log('weather: no TropicalCyclone table in this run; MaxWindGust is built without the tropical-cyclone term');
  const winds = cellWinds(cru);
  const references = [...ASCE_CITIES, ...EUROCODE_CITIES].filter((r) => r.role === 'calibration');
  const fit = calibrateWind(cru, winds, reports, tropicalCyclone, references);
  const wind = buildWindTable(cru, winds, reports, tropicalCyclone, fit.params, (d) => windMeta(d, tropicalCyclone !== null, fit));
  ctx.log(
    `weather: gusts s ${fit.params.s.toFixed(3)}, b ${fit.params.b.toFixed(3)}, k ${fit.params.k.toFixed(3)}, footprint ×${fit.params.footprint.toFixed(2)} ` +
      `from ${fit.references} references (rms log error ${fit.rmsLogError.toFixed(3)}); ` +
      `Rain ${precip.rain.rows} rows, CumulativeRain ${precip.cumulativeRain.rows}, Cumulativesnow ${precip.cumulativeSnow.rows}, MaxWindGust ${wind.table.rows}`,
  );
  return [precip.rain, wind.table, precip.cumulativeRain, precip.cumulativeSnow];
}
