import fs from 'node:fs';
import { encodePng } from './png.js';

/**
 * A world map of one hazard number (an annual probability, a 475-year PGA…)
 * as a PNG under docs/, so a table can be seen at a glance: equirectangular,
 * one pixel per `degreesPerPixel`, a logarithmic colour ramp between `low`
 * and `high`, grey where the model has no coverage. The ramp's stops are
 * listed by `legend()` for the page that shows the picture.
 */
/** A map a validation module drew, for docs/validation.md. */
export interface MapImage {
  title: string;
  /** Path of the PNG (under docs/maps/). */
  file: string;
  legend: string;
}

export interface MapScale {
  low: number;
  high: number;
  /** Label of the mapped quantity, for the legend. */
  label: string;
}

/** Perceptually ordered stops (viridis endpoints and midpoints), dark = low, yellow = high. */
const RAMP: readonly (readonly [number, number, number])[] = [
  [68, 1, 84],
  [59, 82, 139],
  [33, 145, 140],
  [94, 201, 98],
  [253, 231, 37],
];
const NO_COVERAGE: readonly [number, number, number] = [205, 205, 205];
const ZERO: readonly [number, number, number] = [40, 0, 50];

function colour(value: number, scale: MapScale): readonly [number, number, number] {
  if (!(value > 0)) return ZERO;
  const t = Math.min(1, Math.max(0, Math.log(value / scale.low) / Math.log(scale.high / scale.low)));
  const x = t * (RAMP.length - 1);
  const i = Math.min(RAMP.length - 2, Math.floor(x));
  const f = x - i;
  const [a, b] = [RAMP[i]!, RAMP[i + 1]!];
  return [Math.round(a[0] + f * (b[0] - a[0])), Math.round(a[1] + f * (b[1] - a[1])), Math.round(a[2] + f * (b[2] - a[2]))];
}

/**
 * Renders `valueAt(latitude, longitude)` at pixel centres (null = no coverage)
 * from 90°N to 90°S and 180°W to 180°E, and writes the PNG.
 */
export function writeWorldMap(file: string, valueAt: (latitude: number, longitude: number) => number | null, scale: MapScale, degreesPerPixel = 0.5): void {
  const width = Math.round(360 / degreesPerPixel);
  const height = Math.round(180 / degreesPerPixel);
  const rgb = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const latitude = 90 - (y + 0.5) * degreesPerPixel;
    for (let x = 0; x < width; x++) {
      const value = valueAt(latitude, -180 + (x + 0.5) * degreesPerPixel);
      rgb.set(value === null ? NO_COVERAGE : colour(value, scale), (y * width + x) * 3);
    }
  }
  fs.writeFileSync(file, encodePng(width, height, rgb));
}

/** Markdown describing the colours of a map drawn with `scale`. */
export function legend(scale: MapScale): string {
  const stops = RAMP.map((c, i) => {
    const value = scale.low * (scale.high / scale.low) ** (i / (RAMP.length - 1));
    return `${Number(value.toPrecision(2))} (rgb ${c.join(', ')})`;
  });
  return `Colours: ${scale.label} on a logarithmic ramp, dark purple → yellow: ${stops.join(' · ')}; below ${scale.low} the darkest colour, zero near-black purple; grey = no coverage.`;
}
