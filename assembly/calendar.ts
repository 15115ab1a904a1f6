/** Calendar arithmetic on epoch days; mirrors src/engine/calendar.ts. */

/** Year of an epoch day (Howard Hinnant's civil_from_days). */
export function yearOf(days: i32): i32 {
  const z = days + 719468;
  const era = (z >= 0 ? z : z - 146096) / 146097;
  const doe = z - era * 146097;
  const yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const mp = (5 * doy + 2) / 153;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return yoe + era * 400 + (month <= 2 ? 1 : 0);
}

/** Epoch day of 1 January of a year (days_from_civil). */
export function firstDayOfYear(year: i32): i32 {
  const y = year - 1;
  const era = (y >= 0 ? y : y - 399) / 400;
  const yoe = y - era * 400;
  const doy = 306; // 1 January counted from 1 March of the previous year
  const doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

export function isLeap(year: i32): bool {
  return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
}

/** Cumulative days before each month in a common year. */
const MONTH_START: StaticArray<i32> = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334, 365];

/** First day-of-year (0-based) of month m (0-11). */
@inline export function monthStart(month: i32, leap: bool): i32 {
  return unchecked(MONTH_START[month]) + (leap && month >= 2 ? 1 : 0);
}

/** Month (0-11) of a day-of-year (0-based). */
export function monthOfDoy(doy: i32, leap: bool): i32 {
  let m = 0;
  while (m < 11 && doy >= monthStart(m + 1, leap)) m++;
  return m;
}

/** Month (0-11) of the run found by the last monthRunEnd call (a second return value; globals are per instance). */
export let runMonth: i32 = 0;
/** The year, leap flag and last day of that month, so the next run can follow without the civil-date divisions. */
let runYear: i32 = 0;
let runLeap: bool = false;
let runMonthEnd: i32 = i32.MIN_VALUE;

/**
 * The last day of the month run starting at `days` (its month's last day, or `last` if earlier); sets runMonth.
 * A walk's runs after the first start the day after a month's end: that month follows from the last by a step,
 * which is most of a long window's calendar time.
 */
export function monthRunEnd(days: i32, last: i32): i32 {
  if (days == runMonthEnd + 1) {
    if (runMonth == 11) {
      runMonth = 0;
      runYear++;
      runLeap = isLeap(runYear);
    } else runMonth++;
    runMonthEnd = days + monthStart(runMonth + 1, runLeap) - monthStart(runMonth, runLeap) - 1;
  } else {
    runYear = yearOf(days);
    const jan1 = firstDayOfYear(runYear);
    runLeap = isLeap(runYear);
    runMonth = monthOfDoy(days - jan1, runLeap);
    runMonthEnd = jan1 + monthStart(runMonth + 1, runLeap) - 1;
  }
  return last < runMonthEnd ? last : runMonthEnd;
}
