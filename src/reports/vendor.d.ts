/**
 * The few calls we make into a package that ships no type declarations.
 * Only what src/reports uses is declared; the shapes follow the package's README.
 */
declare module 'xlsx-populate' {
  type CellValue = string | number | boolean | null | undefined;

  interface Cell {
    value(): CellValue;
    value(value: CellValue | CellValue[][]): Cell;
    formula(): string | undefined;
  }
  interface UsedRange {
    value(): CellValue[][];
  }
  interface Sheet {
    name(): string;
    name(name: string): Sheet;
    cell(address: string): Cell;
    cell(row: number, column: number): Cell;
    usedRange(): UsedRange | undefined;
  }
  interface Workbook {
    sheet(index: number | string): Sheet;
    sheets(): Sheet[];
    addSheet(name: string): Sheet;
    toFileAsync(path: string): Promise<void>;
  }
  const XlsxPopulate: {
    fromBlankAsync(): Promise<Workbook>;
    fromFileAsync(path: string): Promise<Workbook>;
  };
  export default XlsxPopulate;
  export type { Workbook, Sheet, Cell, CellValue };
}
