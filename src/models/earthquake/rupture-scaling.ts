/**
 * Rupture dimensions from magnitude. Crustal ruptures: Wells & Coppersmith
 * (1994, BSSA 84:974–1002) all-slip-type subsurface length and down-dip width
 * (Table 2A). Subduction ruptures: Strasser, Arango & Bommer (2010, SRL
 * 81:941–950) interface and in-slab length and width (Table 2).
 */
import type { Regime } from './gmpe/types.js';

export const RUPTURE_SCALING = {
  crustal: { length: { a: -2.44, b: 0.59 }, width: { a: -1.01, b: 0.32 } },
  interface: { length: { a: -2.477, b: 0.585 }, width: { a: -0.882, b: 0.351 } },
  inslab: { length: { a: -2.35, b: 0.562 }, width: { a: -1.058, b: 0.356 } },
} as const;

function scalingOf(regime: Regime) {
  return regime === 'interface' ? RUPTURE_SCALING.interface : regime === 'inslab' ? RUPTURE_SCALING.inslab : RUPTURE_SCALING.crustal;
}

export function ruptureLengthKm(m: number, regime: Regime): number {
  const s = scalingOf(regime).length;
  return 10 ** (s.a + s.b * m);
}

export function ruptureWidthKm(m: number, regime: Regime): number {
  const s = scalingOf(regime).width;
  return 10 ** (s.a + s.b * m);
}

/** Joyner–Boore and rupture distance, and the rupture's top depth, for a site at epicentral distance R from a vertical rupture centred on the hypocentre, striking at angle θ to the site. */
export function pointSourceDistances(epicentralKm: number, m: number, regime: Regime, depthKm: number, strikeAngle: number): { rJbKm: number; rRupKm: number; ztorKm: number } {
  const along = Math.max(0, Math.abs(epicentralKm * Math.cos(strikeAngle)) - ruptureLengthKm(m, regime) / 2);
  const across = epicentralKm * Math.sin(strikeAngle);
  const rJbKm = Math.hypot(along, across);
  const top = Math.max(0, depthKm - ruptureWidthKm(m, regime) / 2);
  return { rJbKm, rRupKm: Math.hypot(rJbKm, top), ztorKm: top };
}
