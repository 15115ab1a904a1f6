/**
 * The twelve months of the monthly climatologies (CRU CL 1.0) and the mean
 * number of days of each in a year (29 February counts a quarter day), for
 * models that turn monthly rates into annual ones.
 */
export const MONTHS = 12;
export const DAYS_IN_MONTH = [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
