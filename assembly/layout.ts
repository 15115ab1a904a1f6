/** Header fields and section offsets of a hazard table image (docs/table-format.md). */
export const MODEL_RATE: u32 = 0;
export const MODEL_DAILY: u32 = 1;
export const MODEL_ACCUMULATION: u32 = 2;

export const SECTION_DATA: i32 = 1;
export const SECTION_SEASON_OF_ROW: i32 = 2;
export const SECTION_SEASON_CUM: i32 = 3;
export const SECTION_DIURNAL_OF_ROW: i32 = 4;
export const SECTION_DIURNAL_CUM: i32 = 5;
export const SECTION_THRESHOLD_VALUES: i32 = 7;

/** Generator parameters per (row, month) of an accumulation table. */
export const ACCUMULATION_PARAMS: i32 = 6;

@inline export function modelType(table: usize): u32 {
  return load<u32>(table, 12);
}

@inline export function thresholdCount(table: usize): i32 {
  return load<i32>(table, 16);
}

/** Absolute address of a section. */
@inline export function section(table: usize, index: i32): usize {
  return table + <usize>load<u32>(table + 80 + <usize>(index * 8));
}
