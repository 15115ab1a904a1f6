import { firstDayOfYear, isLeap, yearOf } from './calendar';
import { section, SECTION_DATA, SECTION_DIURNAL_CUM, SECTION_DIURNAL_OF_ROW, SECTION_SEASON_CUM, SECTION_SEASON_OF_ROW } from './layout';
import { probabilityFromExpected } from './probability';

/**
 * Rate perils (docs/methods.md §3a): Λ_k = λ_k × S × H with S the seasonal
 * share of the window's days and H the diurnal share of its hours.
 */
const SEASON_CUM_WIDTH: usize = 367;
const DIURNAL_CUM_WIDTH: usize = 25;
const LEAP_SLOT: i32 = 59;

/** Σ over days d0..d1 of the normalised seasonal weight, in O(years) from cumulative sums. */
export function seasonShare(cum: usize, d0: i32, d1: i32): f64 {
  let share: f64 = 0;
  let d = d0;
  while (d <= d1) {
    const year = yearOf(d);
    const jan1 = firstDayOfYear(year);
    const leap = isLeap(year);
    const yearEnd = jan1 + (leap ? 365 : 364);
    const segEnd = d1 < yearEnd ? d1 : yearEnd;
    const doyStart = d - jan1;
    const doyEnd = segEnd - jan1;
    // A common year skips slot 59 (29 February).
    const slotStart = leap || doyStart < LEAP_SLOT ? doyStart : doyStart + 1;
    const slotEnd = leap || doyEnd < LEAP_SLOT ? doyEnd : doyEnd + 1;
    let s = load<f64>(cum + (<usize>(slotEnd + 1) << 3)) - load<f64>(cum + (<usize>slotStart << 3));
    if (!leap && slotStart < LEAP_SLOT && slotEnd > LEAP_SLOT) {
      s -= load<f64>(cum + (<usize>(LEAP_SLOT + 1) << 3)) - load<f64>(cum + (<usize>LEAP_SLOT << 3));
    }
    share += s;
    d = segEnd + 1;
  }
  return share;
}

@inline function seasonProfile(table: usize, row: i32): usize {
  const profile = <usize>load<u16>(section(table, SECTION_SEASON_OF_ROW) + (<usize>row << 1));
  return section(table, SECTION_SEASON_CUM) + ((profile * SEASON_CUM_WIDTH) << 3);
}

@inline function hourShare(table: usize, row: i32, h0: i32, h1: i32): f64 {
  const profile = <usize>load<u16>(section(table, SECTION_DIURNAL_OF_ROW) + (<usize>row << 1));
  const cum = section(table, SECTION_DIURNAL_CUM) + ((profile * DIURNAL_CUM_WIDTH) << 3);
  return load<f64>(cum + (<usize>(h1 + 1) << 3)) - load<f64>(cum + (<usize>h0 << 3));
}

/** Thresholds j0 ≤ j < j1 of the window's curve, written from out on (the whole curve: 0, k). */
export function rateWindow(table: usize, k: i32, row: i32, d0: i32, d1: i32, h0: i32, h1: i32, j0: i32, j1: i32, out: usize): void {
  const dayShare = seasonShare(seasonProfile(table, row), d0, d1);
  const hours = hourShare(table, row, h0, h1);
  const rates = section(table, SECTION_DATA) + (<usize>(row * k) << 3);
  for (let j = j0; j < j1; j++) {
    store<f64>(out + (<usize>(j - j0) << 3), probabilityFromExpected(load<f64>(rates + (<usize>j << 3)) * dayShare * hours));
  }
}

/** Daily mode: mean over days of each single day's probability. */
export function rateDailyMean(table: usize, k: i32, row: i32, d0: i32, d1: i32, h0: i32, h1: i32, out: usize): void {
  const cum = seasonProfile(table, row);
  const hours = hourShare(table, row, h0, h1);
  const rates = section(table, SECTION_DATA) + (<usize>(row * k) << 3);
  for (let j = 0; j < k; j++) store<f64>(out + (<usize>j << 3), 0);
  for (let d = d0; d <= d1; d++) {
    const dayShare = seasonShare(cum, d, d);
    for (let j = 0; j < k; j++) {
      const offset = <usize>j << 3;
      store<f64>(out + offset, load<f64>(out + offset) + probabilityFromExpected(load<f64>(rates + offset) * dayShare * hours));
    }
  }
  const days = <f64>(d1 - d0 + 1);
  for (let j = 0; j < k; j++) store<f64>(out + (<usize>j << 3), load<f64>(out + (<usize>j << 3)) / days);
}
