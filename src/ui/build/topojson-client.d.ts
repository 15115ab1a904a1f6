/** The two topojson-client functions the world-map build uses (the package ships no types). */
declare module 'topojson-client' {
  import type { Feature, FeatureCollection, MultiLineString } from 'geojson';

  interface Topology {
    type: 'Topology';
    objects: Record<string, unknown>;
    arcs: unknown[];
  }

  const topojson: {
    feature(topology: Topology, object: unknown): Feature | FeatureCollection;
    mesh(topology: Topology, object: unknown, filter?: (a: unknown, b: unknown) => boolean): MultiLineString;
  };
  export default topojson;
}
