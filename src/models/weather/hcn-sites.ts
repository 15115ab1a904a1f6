import { distanceKm } from '../../geo/sphere.js';
import { geometryRings, loadWorldAtlas } from '../toolkit/world-atlas.js';
import { HCN_SERIES, TC_RAIN, isCalibrationStation } from './parameters.js';
import type { HcnMonth, HcnStation, HcnYear } from './sources.js';
import { MEAN_DAYS_IN_MONTH, MEAN_DAYS_PER_MONTH } from '../../units.js';

/**
 * The US HCN stations the tail calibration and the validation use: at least
 * HCN_SERIES.minYears years with HCN_SERIES.minValidDays valid precipitation
 * days, at a place `locate` resolves (a CRU land-cell position for the
 * calibration, a table row for the validation; −1 = none). Each carries its
 * mean annual precipitation, its annual 1- and 5-day maxima,
 * its half (calibration or held out) and whether it lies on the hurricane coast
 * (TC_RAIN.coastStates within TC_RAIN.coastKm of the Natural Earth 1:50m coastline).
 */
export interface HcnSite {
  id: string;
  name: string;
  state: string;
  latitude: number;
  longitude: number;
  /** What `locate` gave the station's place. */
  position: number;
  calibration: boolean;
  hurricaneCoast: boolean;
  /** Mean annual precipitation (mm) from the twelve monthly means, NaN if a month is missing. */
  annualMm: number;
  rx1dayMm: number[];
  rx5dayMm: number[];
}

export function hcnSites(
  stations: readonly HcnStation[],
  months: readonly HcnMonth[],
  years: readonly HcnYear[],
  locate: (latitude: number, longitude: number) => number,
): HcnSite[] {
  const annual = new Map<string, { mm: number; months: number }>();
  for (const m of months) {
    const a = annual.get(m.station) ?? { mm: 0, months: 0 };
    annual.set(m.station, { mm: a.mm + (m.monthlyMm / MEAN_DAYS_PER_MONTH) * MEAN_DAYS_IN_MONTH[m.month]!, months: a.months + 1 });
  }
  const byStation = new Map<string, HcnYear[]>();
  for (const y of years) {
    if (!(y.prcpDaysValid >= HCN_SERIES.minValidDays)) continue;
    const list = byStation.get(y.station);
    if (list) list.push(y);
    else byStation.set(y.station, [y]);
  }
  let coast: (readonly [number, number])[] | null = null;
  const sites: HcnSite[] = [];
  for (const s of stations) {
    const valid = byStation.get(s.id) ?? [];
    const rx1dayMm = valid.map((y) => y.rx1dayMm).filter(Number.isFinite);
    const position = locate(s.latitude, s.longitude);
    if (rx1dayMm.length < HCN_SERIES.minYears || position < 0) continue;
    const coastal = (TC_RAIN.coastStates as readonly string[]).includes(s.state) && nearCoast((coast ??= coastVertices()), s.latitude, s.longitude);
    sites.push({
      id: s.id,
      name: s.name,
      state: s.state,
      latitude: s.latitude,
      longitude: s.longitude,
      position,
      calibration: isCalibrationStation(s.id),
      hurricaneCoast: coastal,
      annualMm: annual.get(s.id)?.months === 12 ? annual.get(s.id)!.mm : NaN,
      rx1dayMm,
      rx5dayMm: valid.map((y) => y.rx5dayMm).filter(Number.isFinite),
    });
  }
  return sites;
}

/** Vertices of the world-atlas land outlines (the package the toolkit already reads). */
function coastVertices(): (readonly [number, number])[] {
  const topology = loadWorldAtlas();
  return (topology.objects.land?.geometries ?? []).flatMap((g) => geometryRings(topology, g)).flat();
}

function nearCoast(vertices: readonly (readonly [number, number])[], latitude: number, longitude: number): boolean {
  const box = TC_RAIN.coastKm / 50;
  return vertices.some(([lon, lat]) => Math.abs(lat - latitude) < box && Math.abs(lon - longitude) < box && distanceKm(latitude, longitude, lat, lon) <= TC_RAIN.coastKm);
}
