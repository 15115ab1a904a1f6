/**
 * The one table of the public catalogues under HAZRISK_SOURCES (default
 * ../shared/data; each folder's SOURCE.md says what it is and where it came
 * from). Model builders and the historic event store name files through
 * this table, never by literal, so a renamed or added file changes one line.
 */
const CRU_VARIABLES = ['pre', 'wet', 'tmp', 'dtr', 'wnd', 'tmx', 'tmn'] as const;
export type CruVariable = (typeof CRU_VARIABLES)[number];

export const CATALOGUES = {
  /** NHC HURDAT2 best tracks (flat CSV): Atlantic 1851–2025, NE/Central Pacific 1949–2023. */
  hurdat2: { folder: 'hurdat2', files: ['hurdat2_atlantic_1851-2025.csv.gz', 'hurdat2_nepac_1949-2023.csv.gz'] },
  /** JTWC best tracks: western North Pacific, North Indian Ocean, Southern Hemisphere. */
  jtwcWp: { folder: 'jtwc-wp', file: 'jtwc_wp_bt_1945-2021.csv.gz' },
  jtwcNi: { folder: 'tc-north-indian', file: 'jtwc_io_besttrack_1982-2023.csv.gz' },
  jtwcSh: { folder: 'tc-southern-hemisphere', file: 'jtwc_sh_besttrack_1981-2019.csv.gz' },
  /** IBTrACS v04r00, South Pacific. */
  ibtracsSp: { folder: 'ibtracs-sp', file: 'ibtracs_SP_v04r00_1897-2022.csv.gz' },
  /** ISC-GEM v2 and USGS ComCat earthquake catalogues. */
  iscGem: { folder: 'isc-gem', file: 'isc-gem_v2_1900-2012.csv.gz' },
  comcatM5: { folder: 'usgs-comcat', file: 'usgs_comcat_M5plus_2013-2023.csv.gz' },
  comcatM6: { folder: 'usgs-comcat', file: 'usgs_comcat_M6plus_1900-2023.csv.gz' },
  /** Bird (2003) PB2002 plate boundaries. */
  pb2002: { folder: 'pb2002-plate-boundaries', boundaries: 'PB2002_boundaries.geojson.gz', orogens: 'PB2002_orogens.geojson.gz', plates: 'PB2002_plates.geojson.gz', steps: 'PB2002_steps.csv.gz' },
  /** SPC tornado tracks 1950–2022, and the raw 2023 file (whole tracks are the rows with sg = 1). */
  spcTornado: { folder: 'spc-tornado', file: 'spc_tornadoes_1950-2022.csv.gz' },
  spcTornado2023: { folder: 'spc-severe-yearly', file: '2023_torn.csv.gz' },
  /** SPC hail reports; which years carry the frequency is the hail model's choice. */
  spcHail: [
    { folder: 'spc-hail-pre2022', file: '1955-1989_hail.csv.gz' },
    { folder: 'spc-hail-pre2022', file: '2005-2011_hail.csv.gz' },
    { folder: 'spc-hail-pre2022', file: '2016_hail.csv.gz' },
    { folder: 'spc-hail-pre2022', file: '2020_hail.csv.gz' },
    { folder: 'spc-severe-yearly', file: '2022_hail.csv.gz' },
    { folder: 'spc-severe-yearly', file: '2023_hail.csv.gz' },
    { folder: 'spc-severe-yearly', file: '2024_hail.csv.gz' },
    { folder: 'spc-severe-yearly', file: '2025_hail.csv.gz' },
  ],
  /** SPC convective wind reports, one file per year. */
  spcWind: { folder: 'spc-severe-yearly', file: (year: number) => `${year}_wind.csv.gz` },
  /** CRU CL 1.0 0.5° monthly climatology 1961–1990, one file per variable. */
  cru: { folder: 'cru-cl1-climatology', variables: CRU_VARIABLES, file: (variable: CruVariable) => `cru_cl1_${variable}_0p5deg_1961-1990.csv.gz` },
  /** US HCN-derived station statistics. */
  hcn: { folder: 'ushcn-daily-derived', stations: 'ushcn_stations.csv.gz', monthly: 'ushcn_monthly_wgen_params.csv.gz', annual: 'ushcn_annual_extremes.csv.gz' },
  /** ETOPO5 0.5° mean elevation. */
  etopo: { folder: 'etopo', file: 'etopo5_0p5deg_mean_elevation.csv.gz' },
  /** Köppen–Geiger 0.5° climate classes 1951–2000. */
  koppen: { folder: 'koppen-geiger', file: 'koppen_geiger_0p5deg_1951-2000.csv.gz' },
  /** Natural Earth 1:50m rivers and lakes. */
  naturalEarth: { folder: 'natural-earth', rivers: 'ne_50m_rivers_lake_centerlines.geojson.gz', lakes: 'ne_50m_lakes.geojson.gz' },
  /** Dartmouth Flood Observatory large-flood archive. */
  dfo: { folder: 'dfo-floods', file: 'dfo_flood_archive_1985-2019.csv.gz' },
  /** Fire records: CAL FIRE incidents and FRAP perimeters, Portugal ICNF, FIRMS Australia 2019, perimeter GeoJSON. */
  calfireIncidents: { folder: 'calfire-incidents', file: 'calfire_incidents_2013-2026.csv.gz' },
  calfireFrap: { folder: 'calfire-frap', file: 'frap_fire_perimeters_attributes_1878-2017.csv.gz' },
  portugalIcnf: { folder: 'portugal-icnf-fires', file: 'portugal_icnf_fires_1980-2000_2014.csv.gz' },
  firmsAustralia: { folder: 'firms-modis-australia-2019', file: 'fire_archive_M6_96619.csv.gz' },
  perimetersFrap: { folder: 'fire-perimeters', file: 'calfire_frap_perimeters_ge5000ac_2010-2019.geojson.gz' },
  perimetersWfigs: { folder: 'fire-perimeters', file: 'colorado_wfigs_perimeters_2025.geojson.gz' },
} as const;
