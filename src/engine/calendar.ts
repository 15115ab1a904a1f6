/**
 * Calendar arithmetic on epoch days (days since 1970-01-01, proleptic
 * Gregorian). The WASM kernel repeats `civilFromDays` in AssemblyScript;
 * tests hold the two to the same answers.
 */
export interface CivilDate {
  year: number;
  month: number; // 1-12
  day: number; // 1-31
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Howard Hinnant's days_from_civil. */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const mp = (month + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** Howard Hinnant's civil_from_days. */
export function civilFromDays(days: number): CivilDate {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  return month === 2 ? (isLeapYear(year) ? 29 : 28) : [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

/** Parse a strict ISO `YYYY-MM-DD` calendar date; null when malformed or not a real date. */
export function parseIsoDate(text: string): number | null {
  const m = ISO_DATE.exec(text);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return daysFromCivil(year, month, day);
}

export function formatIsoDate(days: number): string {
  const { year, month, day } = civilFromDays(days);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Same day-of-month one year later; 29 February maps to 28 February in a common year. */
export function addOneYear(days: number): number {
  const { year, month, day } = civilFromDays(days);
  return daysFromCivil(year + 1, month, Math.min(day, daysInMonth(year + 1, month)));
}

/** Slot of a date in the 366-slot seasonal calendar: 0 = 1 Jan, 59 = 29 Feb, 365 = 31 Dec. */
export function seasonSlot(days: number): number {
  const { month, day } = civilFromDays(days);
  return daysFromCivil(2000, month, day) - daysFromCivil(2000, 1, 1);
}

/**
 * The calendar date "today" in Europe/London (GMT/BST), as epoch days. A
 * DateTimeFormat costs ~0.4 ms to build, so one is kept; the answer is
 * memoised per minute (the zone's offsets change on whole hours).
 */
const LONDON = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });
let memoMinute = Number.NaN;
let memoDay = 0;

export function londonToday(nowMs: number): number {
  const minute = Math.floor(nowMs / 60_000);
  if (minute === memoMinute) return memoDay;
  const parts = LONDON.formatToParts(new Date(nowMs));
  const get = (type: string): number => Number(parts.find((p) => p.type === type)!.value);
  memoMinute = minute;
  memoDay = daysFromCivil(get('year'), get('month'), get('day'));
  return memoDay;
}
