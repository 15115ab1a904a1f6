import { cellAreaKm2 } from './grid-geometry.js';
import { HAIL, HAIL_REPORTING } from './parameters.js';
import { smoothedDensity } from './density.js';
import { cropToModel, type WorkGrid } from './work-grid.js';

/**
 * How completely hail cell-days are reported, by the population density of the
 * cell (reports need a witness: Allen & Tippett 2015; Cintineo et al. 2012 found
 * radar hail far more even than reports). A cell-day of a cell in density class b
 * is reported with relative efficiency e_b, the densest class (where reporting is
 * taken as complete) having e = 1. Fitted on the reports themselves, by comparing
 * each class's observed cell-days with what the smoothed corrected field expects
 * there (climate varies on the kernel's scale, population from cell to cell):
 *
 *   repeat: D = smooth(O / e);  r_b = Σ_{c∈b} O_c / Σ_{c∈b} D_c·area_c;  e_b = r_b / r_top
 *
 * over the covered cells, HAIL_REPORTING.iterations times from e = 1. Classes with
 * nothing expected keep e = 1; e is floored at HAIL_REPORTING.minEfficiency.
 */
export interface ReportingEfficiency {
  /** Relative efficiency per density class (0 = no listed place, last = densest). */
  efficiency: number[];
  /** Covered model cells per class. */
  cells: number[];
}

/** Density class of ρ persons/km²: 0 for no listed place, then one class per lower edge of HAIL_REPORTING. */
export function densityClass(rho: number): number {
  if (!(rho > 0)) return 0;
  const edges = HAIL_REPORTING.densityEdgesPerKm2;
  let k = 1;
  while (k < edges.length && rho >= edges[k]!) k++;
  return k;
}

const CLASSES = HAIL_REPORTING.densityEdgesPerKm2.length + 1;

/**
 * Fits the efficiencies from cell-day mass and population density, both on the
 * work grid; `covered` are model-grid cells.
 */
export function fitReportingEfficiency(work: WorkGrid, mass: Float64Array, density: Float64Array, covered: ArrayLike<number>): ReportingEfficiency {
  const observed = cropToModel(work, mass);
  const modelClass = cropToModel(work, density).map(densityClass);
  const cells = new Array<number>(CLASSES).fill(0);
  for (let k = 0; k < covered.length; k++) cells[modelClass[covered[k]!]!]!++;
  let efficiency = new Array<number>(CLASSES).fill(1);
  for (let it = 0; it < HAIL_REPORTING.iterations; it++) {
    const expected = smoothedDensity(work, correctedMass(mass, density, { efficiency, cells }), HAIL.kernelSigmaKm);
    const obs = new Array<number>(CLASSES).fill(0);
    const exp = new Array<number>(CLASSES).fill(0);
    for (let k = 0; k < covered.length; k++) {
      const c = covered[k]!;
      const b = modelClass[c]!;
      obs[b]! += observed[c]!;
      exp[b]! += expected[c]! * cellAreaKm2(work.model, Math.floor(c / work.model.nlon));
    }
    const top = highestInformed(obs, exp);
    const ratio = (b: number): number => obs[b]! / exp[b]!;
    efficiency = efficiency.map((e, b) => (exp[b]! > 0 && top >= 0 ? Math.max(HAIL_REPORTING.minEfficiency, ratio(b) / ratio(top)) : 1));
  }
  return { efficiency, cells };
}

/** Cell-day mass divided by its cell's reporting efficiency (work grid). */
export function correctedMass(mass: Float64Array, density: Float64Array, fit: ReportingEfficiency): Float64Array {
  return mass.map((m, c) => (m > 0 ? m / fit.efficiency[densityClass(density[c]!)]! : 0));
}

/** The densest class with reports and an expectation, the reference of complete reporting; −1 if none. */
function highestInformed(obs: readonly number[], exp: readonly number[]): number {
  for (let b = obs.length - 1; b >= 0; b--) if (obs[b]! > 0 && exp[b]! > 0) return b;
  return -1;
}
