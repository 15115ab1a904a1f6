import { s } from '../dom.js';
import { powerOfTen } from '../format.js';

/**
 * A small line chart on a logarithmic y axis with categorical x positions
 * (one per threshold), drawn as inline SVG. Zero values sit on the bottom
 * axis as hollow markers: a log scale has no place for them, and hiding them
 * would suggest the value is missing rather than nil.
 */
export interface LogChartInput {
  /** Accessible title, e.g. "Earthquake: probability by threshold". */
  title: string;
  series: string;
  xLabels: string[];
  xTitle: string;
  values: number[];
  yTitle: string;
  formatValue: (value: number) => string;
  /** The scale a point belongs to (Earthquake mixes MMI and PGA); the line breaks where it changes. */
  scales?: string[];
  /** Lowest value the axis always shows (return periods start at 1 year). */
  floor?: number;
  /** Highest value possible (probabilities stop at 100 %). */
  ceiling?: number;
}

const WIDTH = 320;
const HEIGHT = 190;
// The right margin leaves room for half of the last x label.
const MARGIN = { top: 12, right: 22, bottom: 40, left: 46 };
/** Approximate width of one tick character (10px text), to fit x labels side by side without overlap. */
const TICK_CHAR_PX = 6;

/** Short tick text: 0.01, 1, 1,000 as written; smaller and larger decades as 10ⁿ. */
function decadeLabel(exponent: number): string {
  if (exponent >= -2 && exponent <= 3) return (10 ** exponent).toLocaleString('en-GB', { maximumFractionDigits: 2 });
  return powerOfTen(exponent);
}

/** Whole decades [low, high] covering the positive values, at least one decade tall, within floor and ceiling. */
function axisRange(values: number[], floor?: number, ceiling?: number): [number, number] {
  const positive = values.filter((v) => v > 0);
  const smallest = positive.length > 0 ? Math.min(...positive) : (floor ?? 1);
  const largest = positive.length > 0 ? Math.max(...positive) : smallest;
  let low = Math.floor(Math.log10(Math.min(smallest, floor ?? smallest)));
  if (floor !== undefined) low = Math.max(low, Math.floor(Math.log10(floor)));
  let high = Math.max(low + 1, Math.ceil(Math.log10(largest)));
  if (ceiling !== undefined && high > Math.log10(ceiling)) {
    high = Math.log10(ceiling);
    low = Math.min(low, high - 1);
  }
  return [low, high];
}

export function logLineChart(input: LogChartInput): SVGSVGElement {
  const [low, high] = axisRange(input.values, input.floor, input.ceiling);
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const count = input.xLabels.length;
  const x = (i: number): number => MARGIN.left + (count === 1 ? plotWidth / 2 : (i * plotWidth) / (count - 1));
  const y = (v: number): number => MARGIN.top + plotHeight * (1 - (Math.log10(v) - low) / (high - low));
  const bottom = MARGIN.top + plotHeight;

  const svg = s('svg', { viewBox: `0 0 ${WIDTH} ${HEIGHT}`, class: 'chart', role: 'img', 'aria-label': input.title });
  svg.appendChild(s('title', {}, input.title));

  const yStep = Math.max(1, Math.ceil((high - low) / 5));
  for (let e = high; e >= low; e -= yStep) {
    svg.append(
      s('line', { x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: y(10 ** e), y2: y(10 ** e), class: 'grid' }),
      s('text', { x: MARGIN.left - 5, y: y(10 ** e) + 3.5, class: 'tick', 'text-anchor': 'end' }, decadeLabel(e)),
    );
  }
  // Labels that would overlap are skipped; every point still has its tooltip, and the values table lists all.
  const labelWidth = Math.max(...input.xLabels.map((l) => l.length)) * TICK_CHAR_PX + 8;
  const xStep = Math.max(1, Math.ceil(count / Math.max(1, Math.floor(plotWidth / labelWidth) + 1)));
  input.xLabels.forEach((label, i) => {
    if (i % xStep === 0) svg.appendChild(s('text', { x: x(i), y: bottom + 14, class: 'tick', 'text-anchor': 'middle' }, label));
  });
  svg.append(
    s('line', { x1: MARGIN.left, x2: MARGIN.left, y1: MARGIN.top, y2: bottom, class: 'axis' }),
    s('line', { x1: MARGIN.left, x2: WIDTH - MARGIN.right, y1: bottom, y2: bottom, class: 'axis' }),
    s('text', { x: MARGIN.left + plotWidth / 2, y: HEIGHT - 6, class: 'axis-title', 'text-anchor': 'middle' }, input.xTitle),
    s('text', { x: 11, y: MARGIN.top + plotHeight / 2, class: 'axis-title', 'text-anchor': 'middle', transform: `rotate(-90 11 ${MARGIN.top + plotHeight / 2})` }, input.yTitle),
  );

  let line = '';
  /** The scale of the last drawn point; null at the start and after a zero, so the next point starts a new stroke. */
  let drawing: string | null = null;
  const series = s('g', { class: 'series', 'data-series': input.series });
  input.values.forEach((v, i) => {
    const px = x(i);
    const py = v > 0 ? y(v) : bottom;
    const scale = input.scales?.[i] ?? '';
    if (v > 0) {
      line += `${drawing === scale ? 'L' : 'M'}${px.toFixed(1)} ${py.toFixed(1)}`;
      drawing = scale;
    } else {
      drawing = null;
    }
    series.appendChild(s('circle', { cx: px, cy: py, r: 3.5, class: v > 0 ? 'point' : 'point zero', 'data-index': i }, s('title', {}, `${input.xLabels[i]}: ${input.formatValue(v)}`)));
  });
  if (line) series.prepend(s('path', { d: line, class: 'series-line' }));
  svg.appendChild(series);
  return svg;
}
