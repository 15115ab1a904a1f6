import { CATALOGUES } from '../../catalogues/registry.js';
import type { HazardTable } from '../../engine/table-spec.js';
import type { BuildContext, ModelBuilder } from '../types.js';
import { calibrate } from './calibration.js';
import { precipMeta, windMeta } from './meta.js';
import { buildPrecipTables } from './precip-tables.js';
import { calibrateSnowAmounts } from './snow-calibration.js';
import { readCru, readHcnMonths, readHcnStations, readHcnYears, readSpcWindReports } from './sources.js';
import { buildWindTable } from './wind-table.js';

/**
 * Weather perils from the CRU CL 1.0 climatology: Rain, CumulativeRain and
 * Cumulativesnow from one Markov/gamma daily generator calibrated on US HCN
 * stations; MaxWindGust from CRU mean wind, SPC convective gust reports and,
 * when built earlier in the run, the TropicalCyclone table.
 * Methods: docs/models/rain.md, cumulative-rain.md, cumulativesnow.md, max-wind-gust.md.
 */
export const weatherBuilder: ModelBuilder = {
  name: 'weather',
  perils: ['Rain', 'MaxWindGust', 'CumulativeRain', 'Cumulativesnow'],
  sources: [CATALOGUES.cru.folder, CATALOGUES.hcn.folder, CATALOGUES.spcWind.folder],
  async build(ctx: BuildContext): Promise<HazardTable[]> {
    ctx.progress(0, 'reading CRU climatology');
    const cru = readCru(ctx.sourcesDir);
    ctx.progress(0.15, 'calibrating the generator on US HCN');
    const stations = readHcnStations(ctx.sourcesDir);
    const months = readHcnMonths(ctx.sourcesDir);
    const cal = calibrate(cru, stations, months);
    ctx.log(
      `weather: calibrated on ${cal.stations} HCN stations (${cal.stationMonths} station-months); ` +
        `R² occurrence ${cal.occurrence.r2.toFixed(3)}, shape ${cal.shape.r2.toFixed(3)}, persistence ${cal.persistence.r2.toFixed(3)}, snow ${cal.snow.r2.toFixed(3)}`,
    );
    ctx.progress(0.25, 'calibrating snow amounts on US HCN');
    const snow = calibrateSnowAmounts(cru, cal, stations, months, readHcnYears(ctx.sourcesDir));
    ctx.log(`weather: snow-day gamma shape ${snow.shape.toFixed(3)} from ${snow.shapeStations} HCN stations; snow ratio ${snow.ratioCmPerMm.map((r) => r.toFixed(2)).join(', ')} cm/mm`);
    const precip = buildPrecipTables(cru, cal, snow, precipMeta(cal, snow), (f) => ctx.progress(0.35 + 0.4 * f, 'precipitation tables'));
    ctx.progress(0.75, 'reading SPC wind reports');
    const reports = readSpcWindReports(ctx.sourcesDir);
    const built = ctx.built.get('TropicalCyclone');
    const tropicalCyclone = built?.type === 'rate' ? built : null;
    if (!tropicalCyclone) ctx.log('weather: no TropicalCyclone table in this run; MaxWindGust is built without the tropical-cyclone term');
    ctx.progress(0.8, 'gust table');
    const wind = buildWindTable(cru, reports, tropicalCyclone, (d) => windMeta(d, tropicalCyclone !== null));
    ctx.log(
      `weather: Rain ${precip.rain.rows} rows, CumulativeRain ${precip.cumulativeRain.rows}, Cumulativesnow ${precip.cumulativeSnow.rows}, ` +
        `MaxWindGust ${wind.table.rows} (${wind.diagnostics.convectiveCells} cells with convective term)`,
    );
    return [precip.rain, wind.table, precip.cumulativeRain, precip.cumulativeSnow];
  },
};
