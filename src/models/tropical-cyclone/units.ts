/** Unit conversions of the best-track catalogues (knots, nautical miles). Geometry is in src/geo/sphere.ts. */
export const KM_PER_NMI = 1.852;
export const MS_PER_KT = 1852 / 3600;
