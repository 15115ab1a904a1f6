import type { DatedArea, FireRecord, Incident } from './sources.js';

/**
 * Locations for the FRAP fires, which name only their reporting unit (a CAL
 * FIRE unit, a national forest, a contract county): each FRAP fire is spread
 * evenly over the ignition points of the incidents (2013–2026) that the same
 * unit reported, so a unit's long record lands where its recent fires started.
 * Unit names are matched as word sets without the words that only say what
 * kind of agency it is ("Riverside CAL FIRE" = "CAL FIRE Riverside Unit");
 * a FRAP unit whose words all appear in an incident unit's name also matches
 * ("Madera - Mariposa CAL FIRE" ⊂ "CAL FIRE Madera-Mariposa-Merced Unit") when
 * no unit matches exactly. Units with no incidents are left out (their fires
 * still count in the statewide level).
 */
const AGENCY_WORDS = new Set(['CAL', 'FIRE', 'UNIT', 'COUNTY', 'DEPARTMENT', 'DEPT', 'FD', 'OLD', 'THE', 'AND', 'OF']);

export function unitWords(name: string): string[] {
  const words = name.toUpperCase().replace(/[^A-Z]+/g, ' ').split(' ');
  return [...new Set(words.filter((w) => w !== '' && !AGENCY_WORDS.has(w)))].sort();
}

export interface LocatedFrap {
  /** One record per FRAP fire and incident point of its unit, sharing the fire's area. */
  fires: FireRecord[];
  locatedHa: number;
  totalHa: number;
}

/** Ignition points of the incidents of each reporting unit, keyed by its word set. */
function pointsByUnit(incidents: readonly Incident[]): Map<string, Array<{ latitude: number; longitude: number }>> {
  const out = new Map<string, Array<{ latitude: number; longitude: number }>>();
  for (const f of incidents) {
    const key = unitWords(f.unit).join(' ');
    if (key === '') continue;
    if (!out.has(key)) out.set(key, []);
    out.get(key)!.push({ latitude: f.latitude, longitude: f.longitude });
  }
  return out;
}

export function locateFrapFires(frap: readonly DatedArea[], incidents: readonly Incident[]): LocatedFrap {
  const byUnit = pointsByUnit(incidents);
  const units = [...byUnit.keys()].sort();
  const memo = new Map<string, Array<{ latitude: number; longitude: number }>>();
  const pointsOf = (unit: string): Array<{ latitude: number; longitude: number }> => {
    const words = unitWords(unit);
    const key = words.join(' ');
    if (!memo.has(key)) {
      const exact = byUnit.get(key);
      const containing = units.filter((u) => words.every((w) => u.split(' ').includes(w)));
      memo.set(key, key === '' ? [] : (exact ?? containing.flatMap((u) => byUnit.get(u)!)));
    }
    return memo.get(key)!;
  };
  const fires: FireRecord[] = [];
  let locatedHa = 0;
  let totalHa = 0;
  for (const f of frap) {
    totalHa += f.areaHa;
    const points = pointsOf(f.unit);
    if (points.length === 0) continue;
    locatedHa += f.areaHa;
    for (const p of points) fires.push({ year: f.year, day: NaN, slot: f.slot, solarHour: -1, areaHa: f.areaHa / points.length, latitude: p.latitude, longitude: p.longitude });
  }
  return { fires, locatedHa, totalHa };
}
