import type { GridDef } from '../../engine/table-spec.js';
import { KM_PER_DEGREE, kmPerDegreeLongitude } from '../../geo/sphere.js';
import { GEOMETRY } from './parameters.js';

/**
 * The model grid padded by the kernel's reach, so mass deposited near the edge of
 * the model box is smoothed as in open country instead of being cut off; fields
 * are cropped back to the model grid at the end.
 */
export interface WorkGrid {
  grid: GridDef;
  model: GridDef;
  padLat: number;
  padLon: number;
}

export function workGrid(model: GridDef, sigmaKm: number): WorkGrid {
  const reachKm = GEOMETRY.kernelTruncationSigmas * sigmaKm;
  const padLat = Math.ceil(reachKm / (KM_PER_DEGREE * model.dlat));
  const topLat = Math.min(89, model.lat0 + (model.nlat + padLat) * model.dlat);
  const padLon = Math.ceil(reachKm / (kmPerDegreeLongitude(topLat) * model.dlon));
  const grid: GridDef = {
    lat0: model.lat0 - padLat * model.dlat,
    lon0: model.lon0 - padLon * model.dlon,
    dlat: model.dlat,
    dlon: model.dlon,
    nlat: model.nlat + 2 * padLat,
    nlon: model.nlon + 2 * padLon,
  };
  return { grid, model, padLat, padLon };
}

/** The model-grid part of a work-grid field. */
export function cropToModel(work: WorkGrid, field: Float64Array): Float64Array {
  const { model, grid, padLat, padLon } = work;
  const out = new Float64Array(model.nlat * model.nlon);
  for (let i = 0; i < model.nlat; i++) {
    const from = (i + padLat) * grid.nlon + padLon;
    out.set(field.subarray(from, from + model.nlon), i * model.nlon);
  }
  return out;
}
