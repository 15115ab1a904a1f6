import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from '../helpers/harness.js';
import { DEGREES_PER_RADIAN, EARTH_RADIUS_KM, RADIANS_PER_DEGREE, cosDeg, toRadians } from '../../src/geo/sphere.js';
import {
  CM_PER_INCH, DAYS_PER_YEAR, KM_PER_MILE, KM_PER_NMI, KM_PER_YARD, MEAN_DAYS_IN_MONTH, MEAN_DAYS_PER_MONTH, MM_PER_INCH, MS_PER_DAY, MS_PER_KT, MS_PER_MPH, MS_PER_YEAR, SQUARE_METRES_PER_ACRE,
} from '../../src/units.js';

/**
 * One geometry module (src/geo/sphere.ts) and one units table (src/units.ts)
 * (issue 14 step 2, widened by issue 31): a degree ↔ radian conversion, an
 * Earth radius, km per degree, a day or hour in milliseconds, the mean year,
 * the knot or nautical mile, the mile, yard, mph, inch or acre, or the
 * mean-month table written out anywhere else in src/ fails here; and a rate ↔
 * probability conversion anywhere but src/engine/formulas.ts.
 */
const HOMES = new Set(['src/geo/sphere.ts', 'src/units.ts']);

const COPIES: { what: string; pattern: RegExp }[] = [
  { what: 'degrees ↔ radians (use RADIANS_PER_DEGREE, toRadians, cosDeg, DEGREES_PER_RADIAN)', pattern: /Math\.PI\s*\)?\s*\/\s*180\b|\b180\s*\/\s*Math\.PI/ },
  { what: 'an Earth radius (use EARTH_RADIUS_KM)', pattern: /\b637[18](?:\.\d+)?\b|\b6[._]?378[._]?137\b/ },
  { what: 'a day or an hour in milliseconds (use MS_PER_DAY, MS_PER_HOUR)', pattern: /\b86_?400_?000\b|\b3_?600_?000\b|\b24\s*\*\s*(?:3600|60\s*\*\s*60)\s*\*\s*1000\b/ },
  { what: 'the mean year (use DAYS_PER_YEAR)', pattern: /\b365\.25\b/ },
  { what: 'the knot or nautical mile (use MS_PER_KT, KT_PER_MS, KM_PER_NMI)', pattern: /\b1\.852\b|\b0\.5144\d*\b|\b1852\s*\/\s*3600\b/ },
  { what: 'the mean-month table (use MEAN_DAYS_IN_MONTH)', pattern: /\b31,\s*28\.25,/ },
  { what: 'km per degree (use KM_PER_DEGREE, or kmPerDegreeLongitude)', pattern: /\b111\.19\d*\b/ },
  { what: 'the mile or yard (use KM_PER_MILE, KM_PER_YARD)', pattern: /\b1\.609344\b|\b0\.0009144\b/ },
  { what: 'miles per hour (use MS_PER_MPH)', pattern: /\b0\.44704\b/ },
  { what: 'the inch (use MM_PER_INCH, CM_PER_INCH)', pattern: /\b25\.4\b|\b2\.54\b/ },
  { what: 'the acre (use SQUARE_METRES_PER_ACRE)', pattern: /\b4046\.856/ },
];

/**
 * Rate ↔ probability conversions live in src/engine/formulas.ts only (as OpenQuake's tom.py owns 1 − e^(−λt)):
 * use expectedCountFromProbability, probabilityFromExpectedCount, annualCountFromDaily.
 */
const POISSON = { home: 'src/engine/formulas.ts', pattern: /Math\.log1p\(\s*-|Math\.expm1\(\s*-|Math\.expm1\(\s*Math\.log1p/ };

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Code without its comments (a comment may quote a value, as `1/365.25 per day`). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

describe('one geometry module and one units table', () => {
  it('no copy of a conversion, radius or unit constant appears in src/ outside src/geo/sphere.ts and src/units.ts', () => {
    const found: string[] = [];
    for (const file of sources('src')) {
      if (HOMES.has(file.split(path.sep).join('/'))) continue;
      const lines = code(fs.readFileSync(file, 'utf8')).split('\n');
      lines.forEach((line, i) => {
        for (const { what, pattern } of COPIES) if (pattern.test(line)) found.push(`${file}:${i + 1}: ${what}: ${line.trim()}`);
      });
    }
    assert.deepEqual(found, []);
  });

  it('no rate ↔ probability conversion appears in src/ outside src/engine/formulas.ts', () => {
    const found: string[] = [];
    for (const file of sources('src')) {
      if (file.split(path.sep).join('/') === POISSON.home) continue;
      code(fs.readFileSync(file, 'utf8'))
        .split('\n')
        .forEach((line, i) => {
          if (POISSON.pattern.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
        });
    }
    assert.deepEqual(found, []);
  });

  it('the constants are the defined values', () => {
    assert.equal(EARTH_RADIUS_KM, 6371.0088); // IUGG mean radius R1 (Moritz 2000)
    assert.equal(RADIANS_PER_DEGREE * 180, Math.PI);
    assert.ok(Math.abs(DEGREES_PER_RADIAN * RADIANS_PER_DEGREE - 1) < 1e-15);
    assert.equal(toRadians(180), Math.PI);
    assert.ok(Math.abs(cosDeg(60) - 0.5) < 1e-15);
    assert.equal(MS_PER_DAY, 24 * 60 * 60 * 1000);
    assert.equal(DAYS_PER_YEAR, 365.25);
    assert.equal(MS_PER_YEAR, 31_557_600_000);
    assert.equal(MEAN_DAYS_IN_MONTH.reduce((a, b) => a + b, 0), DAYS_PER_YEAR);
    assert.equal(MEAN_DAYS_PER_MONTH, 30.4375);
    assert.equal(KM_PER_NMI, 1.852); // international nautical mile, 1929
    assert.ok(Math.abs(MS_PER_KT - 0.514444) < 1e-6);
    assert.equal(KM_PER_YARD * 1760, KM_PER_MILE); // statute mile, international yard (1959)
    assert.ok(Math.abs(MS_PER_MPH - (KM_PER_MILE * 1000) / 3600) < 1e-15);
    assert.equal(MM_PER_INCH, 25.4);
    assert.equal(CM_PER_INCH, 2.54);
    assert.ok(Math.abs(SQUARE_METRES_PER_ACRE - 43_560 * (0.3048 * 0.3048)) < 1e-9); // 43,560 ft²
  });
});
