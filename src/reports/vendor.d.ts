/**
 * The few calls we make into two packages that ship no type declarations.
 * Only what src/reports uses is declared; the shapes follow each package's README.
 */
declare module 'topojson-client' {
  import type { FeatureCollection, Feature, MultiLineString } from 'geojson';

  interface TopojsonClient {
    /** TopoJSON object → GeoJSON Feature or FeatureCollection. */
    feature(topology: unknown, object: unknown): Feature | FeatureCollection;
    /** Shared arcs of an object as one MultiLineString; `filter(a, b)` picks the arcs kept. */
    mesh(topology: unknown, object: unknown, filter?: (a: unknown, b: unknown) => boolean): MultiLineString;
  }
  const topojson: TopojsonClient;
  export default topojson;
}

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
