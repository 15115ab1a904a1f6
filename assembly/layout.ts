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

/** Header offsets and the section-table entry size (src/engine/table-file.ts HEADER_FIELDS_AT, SECTION_ENTRY_BYTES). */
export const HEADER_MODEL_TYPE_AT: usize = 12;
export const HEADER_THRESHOLD_COUNT_AT: usize = 16;
export const HEADER_SECTION_TABLE_AT: usize = 80;
export const SECTION_ENTRY_BYTES: i32 = 8;

/** Generator parameters per (row, month) of an accumulation table. */
export const ACCUMULATION_PARAMS: i32 = 6;

@inline export function modelType(table: usize): u32 {
  return load<u32>(table + HEADER_MODEL_TYPE_AT);
}

@inline export function thresholdCount(table: usize): i32 {
  return load<i32>(table + HEADER_THRESHOLD_COUNT_AT);
}

/** Absolute address of a section. */
@inline export function section(table: usize, index: i32): usize {
  return table + <usize>load<u32>(table + HEADER_SECTION_TABLE_AT + <usize>(index * SECTION_ENTRY_BYTES));
}
