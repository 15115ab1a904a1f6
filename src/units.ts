/**
 * Units and calendar constants, one copy for the service (issue 14): time,
 * the mean year and month, nautical units and areas. Geometry of the sphere
 * (Earth radius, degrees ↔ radians, distances) lives in src/geo/sphere.ts;
 * test/structure/geometry-units.test.ts fails when a copy appears elsewhere.
 */
export const MS_PER_HOUR = 3_600_000;
export const MS_PER_DAY = 24 * MS_PER_HOUR;
/** The Julian year: the mean calendar year, 365.25 days, used for every rate ↔ probability conversion. */
export const DAYS_PER_YEAR = 365.25;
export const MS_PER_YEAR = DAYS_PER_YEAR * MS_PER_DAY;

export const MONTHS = 12;
/** Days per calendar month in a mean year (29 February counts a quarter day), for monthly ↔ daily conversions. */
export const MEAN_DAYS_IN_MONTH = [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
/** The mean month, 365.25 / 12 = 30.4375 days. */
export const MEAN_DAYS_PER_MONTH = DAYS_PER_YEAR / MONTHS;

/** International nautical mile (1929) and knot. */
export const KM_PER_NMI = 1.852;
export const MS_PER_KT = 1852 / 3600;
export const KT_PER_MS = 3600 / 1852;

/** International yard and statute mile (1959), in km. */
export const KM_PER_YARD = 0.0009144;
export const KM_PER_MILE = 1.609344;
/** Miles per hour in m/s (exact: 1,609.344 m in 3,600 s). */
export const MS_PER_MPH = 0.44704;
/** International inch (1959). */
export const MM_PER_INCH = 25.4;
export const CM_PER_INCH = 2.54;

/** International acre (1959). */
export const SQUARE_METRES_PER_ACRE = 4046.8564224;
