import { CM_PER_INCH, KM_PER_MILE, MM_PER_INCH, SQUARE_METRES_PER_ACRE } from '../units.js';
/**
 * The historic-events perils and everything that differs between them: entity
 * type, the unit sizes are stored and listed in, the units a size filter may
 * use, and the search defaults and caps (docs/historic.md "Defaults and caps").
 */
export const HISTORIC_PERILS = ['Hail', 'Wildfire', 'TropicalCyclone', 'Tornado'] as const;
export type HistoricPeril = (typeof HISTORIC_PERILS)[number];

export interface SizeUnits {
  /** The unit sizes are stored and listed in. */
  unit: string;
  /** Accepted filter units: how many of that unit make one stored unit (stored = value / factor). */
  perStoredUnit: Readonly<Record<string, number>>;
  /** Accepted filter values (inclusive), when the scale is bounded. */
  range?: readonly [number, number];
  integer?: boolean;
}

export interface HistoricPerilConfig {
  entityType: string;
  size: SizeUnits;
  /** Search radius when none is given (km). */
  defaultRadiusKm: number;
  /** Most events whose shapes one shapes response carries; more matches answer 422 (docs/historic.md). */
  shapesCap: number;
}


export const PERIL_CONFIG: Readonly<Record<HistoricPeril, HistoricPerilConfig>> = {
  Hail: {
    entityType: 'hail_swath',
    size: { unit: 'inch', perStoredUnit: { inch: 1, cm: CM_PER_INCH, mm: MM_PER_INCH } },
    defaultRadiusKm: 25,
    shapesCap: 1000,
  },
  Wildfire: {
    entityType: 'wildfire',
    size: {
      unit: 'acre',
      perStoredUnit: {
        acre: 1,
        acres: 1,
        hectare: SQUARE_METRES_PER_ACRE / 10_000,
        'km²': SQUARE_METRES_PER_ACRE / 1_000_000,
        km2: SQUARE_METRES_PER_ACRE / 1_000_000,
        sqft: 43_560,
        sqmi: 1 / 640,
      },
    },
    defaultRadiusKm: 50,
    shapesCap: 250,
  },
  TropicalCyclone: {
    entityType: 'tropical_cyclone',
    size: { unit: 'm/s', perStoredUnit: { 'm/s': 1 } },
    defaultRadiusKm: 100,
    shapesCap: 25,
  },
  Tornado: {
    entityType: 'tornado',
    // SPC keeps F-scale (to January 2007) and EF-scale ratings in one column; both compare as numbers.
    size: { unit: 'EF', perStoredUnit: { EF: 1, F: 1 }, range: [0, 5], integer: true },
    defaultRadiusKm: 25,
    shapesCap: 1000,
  },
};

/** Search radius units → km. */
export const RADIUS_KM_PER_UNIT: Readonly<Record<string, number>> = { km: 1, mi: KM_PER_MILE, m: 0.001 };
