import { CATALOGUES } from '../../catalogues/registry.js';
import type { ModelBuilder } from '../types.js';
import { buildWeather } from './build.js';

/**
 * Weather perils from the CRU CL 1.0 climatology: Rain, CumulativeRain and
 * Cumulativesnow from one Markov/gamma daily generator calibrated on half the US
 * HCN stations, with a heavy GPD tail by Köppen climate group and a
 * tropical-cyclone rain term from the best tracks; MaxWindGust from CRU mean
 * wind, SPC convective gust reports and, when built earlier in the run, the
 * TropicalCyclone table, calibrated on ASCE 7 and Eurocode design winds.
 * Methods: docs/models/rain.md, cumulative-rain.md, cumulativesnow.md, max-wind-gust.md.
 * The pipeline is build.ts.
 */
export const weatherBuilder: ModelBuilder = {
  name: 'weather',
  perils: ['Rain', 'MaxWindGust', 'CumulativeRain', 'Cumulativesnow'],
  sources: [
    CATALOGUES.cru.folder, CATALOGUES.hcn.folder, CATALOGUES.spcWind.folder, CATALOGUES.koppen.folder, CATALOGUES.hurdat2.folder,
    CATALOGUES.jtwcWp.folder, CATALOGUES.jtwcNi.folder, CATALOGUES.jtwcSh.folder, CATALOGUES.ibtracsSp.folder,
  ],
  build: buildWeather,
};
