import type { Mechanism, Regime } from './gmpe/types.js';

/**
 * Characteristic (fault and megathrust) sources: the large earthquakes a
 * century of instrumental catalogue cannot show at their true rate (docs/models/
 * earthquake.md "Fault sources"). Each row: the trace of the rupture's top edge
 * ([latitude, longitude], ordered so the fault dips to the right of the direction
 * of travel), dip, style of faulting, top depth and down-dip width, the characteristic magnitude,
 * its mean recurrence interval, and where the numbers come from. Magnitudes
 * and intervals are the central values of the cited studies, rounded; the
 * traces are simplified to a few vertices (≲ 10 km off the mapped fault).
 */
export interface FaultSource {
  name: string;
  regime: Regime;
  trace: readonly (readonly [number, number])[];
  dipDeg: number;
  mechanism: Mechanism;
  topKm: number;
  widthKm: number;
  magnitude: number;
  recurrenceYears: number;
  citation: string;
}

export const FAULT_SOURCES: readonly FaultSource[] = [
  {
    name: 'New Madrid, Reelfoot thrust (central arm)', regime: 'stable', trace: [[36.62, -89.40], [36.25, -89.50], [36.05, -89.65]], dipDeg: 35, mechanism: 'reverse', topKm: 2, widthKm: 25,
    magnitude: 7.5, recurrenceYears: 500,
    citation: 'Petersen et al. (2008, USGS OFR 2008-1128) and Petersen et al. (2014, USGS OFR 2014-1091): characteristic M 7.1–8.0, ~500-yr mean recurrence from paleoliquefaction (Tuttle et al. 2002, BSSA 92:2080–2089)',
  },
  {
    name: 'New Madrid, northern arm', regime: 'stable', trace: [[36.55, -89.62], [36.85, -89.35], [37.10, -89.15]], dipDeg: 90, mechanism: 'strike-slip', topKm: 1, widthKm: 20,
    magnitude: 7.3, recurrenceYears: 500,
    citation: 'Petersen et al. (2014, USGS OFR 2014-1091); the 1811–12 sequence ruptured the three arms in turn (Johnston & Schweig 1996, Annu. Rev. Earth Planet. Sci. 24:339–384)',
  },
  {
    name: 'New Madrid, southern arm (Cottonwood Grove)', regime: 'stable', trace: [[35.55, -90.45], [35.85, -90.05], [36.10, -89.70]], dipDeg: 90, mechanism: 'strike-slip', topKm: 1, widthKm: 20,
    magnitude: 7.5, recurrenceYears: 500,
    citation: 'Petersen et al. (2014, USGS OFR 2014-1091); Johnston & Schweig (1996)',
  },
  {
    name: 'Charleston, South Carolina', regime: 'stable', trace: [[33.20, -80.40], [32.90, -80.18], [32.60, -79.95]], dipDeg: 90, mechanism: 'strike-slip', topKm: 1, widthKm: 20,
    magnitude: 7.3, recurrenceYears: 550,
    citation: 'Talwani & Schaeffer (2001, JGR 106:6621–6642): paleoliquefaction, ~500–600-yr recurrence; M 6.8–7.3 for 1886 (Bakun & Hopper 2004, BSSA 94:64–75)',
  },
  {
    name: 'Cascadia, full margin', regime: 'interface', trace: [[40.30, -124.70], [43.00, -125.00], [46.00, -125.00], [48.20, -125.90], [49.50, -127.40]], dipDeg: 11, mechanism: 'reverse', topKm: 5, widthKm: 100,
    magnitude: 9.0, recurrenceYears: 530,
    citation: 'Goldfinger et al. (2012, USGS Professional Paper 1661-F): 19 full-margin turbidite events in ~10,000 yr; M ~9 (Satake et al. 2003, JGR 108:2535)',
  },
  {
    name: 'Cascadia, southern segments', regime: 'interface', trace: [[40.30, -124.70], [42.00, -124.90], [43.80, -124.95]], dipDeg: 11, mechanism: 'reverse', topKm: 5, widthKm: 90,
    magnitude: 8.3, recurrenceYears: 240,
    citation: 'Goldfinger et al. (2012, USGS PP 1661-F): southern Oregon–northern California segment ruptures every ~240 yr on average',
  },
  {
    name: 'Wasatch, Salt Lake City segment', regime: 'active', trace: [[40.85, -111.92], [40.65, -111.82], [40.48, -111.79]], dipDeg: 50, mechanism: 'normal', topKm: 0, widthKm: 20,
    magnitude: 7.0, recurrenceYears: 1300,
    citation: 'Petersen et al. (2014, USGS OFR 2014-1091), NSHM source "Wasatch Flt SLC": M 7.07, 0.000769/yr (1300 yr); DuRoss et al. (2016, JGR Solid Earth 121:1131–1157): segment mean recurrence 1.1–1.3 kyr',
  },
  {
    name: 'Wasatch, Weber segment', regime: 'active', trace: [[41.40, -111.98], [41.15, -111.92], [40.90, -111.88]], dipDeg: 50, mechanism: 'normal', topKm: 0, widthKm: 20,
    magnitude: 7.2, recurrenceYears: 1300,
    citation: 'Petersen et al. (2014, USGS OFR 2014-1091), NSHM geologic full-rupture source: Weber segment M 7.16, 0.000769/yr (1300 yr); DuRoss et al. (2016, JGR Solid Earth 121:1131–1157): segment mean recurrence 1.1–1.3 kyr',
  },
  {
    name: 'Wasatch, Provo segment', regime: 'active', trace: [[40.45, -111.75], [40.20, -111.62], [39.90, -111.72]], dipDeg: 50, mechanism: 'normal', topKm: 0, widthKm: 20,
    magnitude: 7.3, recurrenceYears: 1300,
    citation: 'Petersen et al. (2014, USGS OFR 2014-1091), NSHM geologic full-rupture source: Provo segment M 7.27, 0.000769/yr (1300 yr); DuRoss et al. (2016, JGR Solid Earth 121:1131–1157): segment mean recurrence 1.1–1.3 kyr',
  },
  {
    name: 'West Valley fault zone (Taylorsville)', regime: 'active', trace: [[40.658, -111.951], [40.700, -111.967], [40.745, -111.989], [40.797, -112.018]], dipDeg: 50, mechanism: 'normal', topKm: 0, widthKm: 9,
    magnitude: 6.5, recurrenceYears: 2600,
    citation: 'Petersen et al. (2014, USGS OFR 2014-1091), NSHM source 2386: M 6.5 at 3.86e-4/yr from 0.52 mm/yr (Lund 2005, UGS Bull. 134); east-dipping, truncated at depth by the Wasatch (width 8.9 km); antithetic to the Salt Lake City segment and usually rupturing with it (DuRoss & Hylland 2014, UGS Special Study 149)',
  },
  {
    name: 'Hayward', regime: 'active', trace: [[37.97, -122.34], [37.75, -122.16], [37.53, -121.97], [37.40, -121.86]], dipDeg: 90, mechanism: 'strike-slip', topKm: 0, widthKm: 12,
    magnitude: 7.0, recurrenceYears: 160,
    citation: 'Lienkaemper et al. (2010, BSSA 100:3079–3098): twelve ruptures in 1900 yr, mean recurrence 161 ± 65 yr; M 6.8–7.0',
  },
  {
    name: 'Rodgers Creek', regime: 'active', trace: [[38.55, -122.78], [38.30, -122.60], [38.05, -122.42]], dipDeg: 90, mechanism: 'strike-slip', topKm: 0, widthKm: 12,
    magnitude: 7.0, recurrenceYears: 300,
    citation: 'Budding, Schwartz & Oppenheimer (1991, GRL 18:447–450): Rodgers Creek recurrence ~250–400 yr; M ~7 (WGCEP 2003, USGS OFR 03-214)',
  },
  {
    name: 'San Andreas, northern (1906 type)', regime: 'active', trace: [[40.00, -124.10], [38.50, -123.20], [37.90, -122.80], [37.45, -122.35], [36.85, -121.55]], dipDeg: 90, mechanism: 'strike-slip', topKm: 0, widthKm: 12,
    magnitude: 7.9, recurrenceYears: 230,
    citation: 'Schwartz et al. (2014, BSSA 104:1299–1328): ~200–300-yr average interval of 1906-type ruptures on the northern San Andreas; 1906 Mw 7.9 (Song et al. 2008)',
  },
  {
    name: 'San Andreas, central–Mojave (1857 type)', regime: 'active', trace: [[35.95, -120.48], [35.20, -119.70], [34.80, -118.90], [34.50, -118.00], [34.30, -117.50]], dipDeg: 90, mechanism: 'strike-slip', topKm: 0, widthKm: 15,
    magnitude: 7.9, recurrenceYears: 200,
    citation: 'Scharer et al. (2010, GSA Bull. 122:1106–1121) and Sieh (1984): Mojave ground-rupturing events every ~105–135 yr, 1857-length ruptures about half of them; 1857 Mw 7.9 (Sieh 1978)',
  },
  {
    name: 'San Andreas, southern (San Bernardino–Coachella)', regime: 'active', trace: [[34.30, -117.50], [34.05, -117.00], [33.90, -116.60], [33.60, -116.10], [33.35, -115.70]], dipDeg: 90, mechanism: 'strike-slip', topKm: 0, widthKm: 15,
    magnitude: 7.8, recurrenceYears: 180,
    citation: 'Philibosian, Fumal & Weldon (2011, BSSA 101:13–38): Coachella mean recurrence ~180 yr; M 7.8 ShakeOut scenario (Jones et al. 2008, USGS OFR 2008-1150)',
  },
  {
    name: 'San Jacinto', regime: 'active', trace: [[34.25, -117.45], [33.80, -116.95], [33.30, -116.30], [33.00, -115.90]], dipDeg: 90, mechanism: 'strike-slip', topKm: 0, widthKm: 15,
    magnitude: 7.3, recurrenceYears: 250,
    citation: 'Rockwell et al. (2015, BSSA 105:2376–2391): San Jacinto fault at Hog Lake, ~250-yr average interval of large ruptures',
  },
  {
    name: 'Puente Hills blind thrust', regime: 'active', trace: [[33.93, -117.90], [34.00, -118.10], [34.04, -118.30]], dipDeg: 27, mechanism: 'reverse', topKm: 3, widthKm: 22,
    magnitude: 7.2, recurrenceYears: 2750,
    citation: 'Dolan et al. (2003, Science 300:115–118): four Mw 7.2–7.5 events in the past ~11,000 yr; geometry Shaw et al. (2002, BSSA 92:2946–2960)',
  },
  {
    name: 'Palos Verdes fault zone', regime: 'active', trace: [[33.93, -118.60], [33.80, -118.38], [33.72, -118.27], [33.58, -118.08]], dipDeg: 90, mechanism: 'strike-slip', topKm: 0, widthKm: 15,
    magnitude: 7.1, recurrenceYears: 650,
    citation: 'Lopez, Rockwell & Resnick (1996, JGR 101:8317–8334): Holocene dextral slip 2.7–3 mm/yr; Mw 7–7.2 events every ~400–900 yr',
  },
  {
    name: 'Raymond fault', regime: 'active', trace: [[34.163, -117.990], [34.136, -118.064], [34.119, -118.142], [34.122, -118.223]], dipDeg: 79, mechanism: 'strike-slip', topKm: 0, widthKm: 16,
    magnitude: 6.7, recurrenceYears: 600,
    citation: 'UCERF3 (Field et al. 2014, BSSA 104:1122–1180) fault section 152 and geologic deformation model: 2.0 mm/yr, dip 79° N, 0–15.6 km; ~1.2 m per Mw 6.7 event on 22 × 16 km (moment balance) gives ~600 yr',
  },
  {
    name: 'Hollywood fault', regime: 'active', trace: [[34.122, -118.223], [34.114, -118.291], [34.102, -118.358], [34.079, -118.421]], dipDeg: 70, mechanism: 'strike-slip', topKm: 0, widthKm: 18,
    magnitude: 6.6, recurrenceYears: 950,
    citation: 'Dolan et al. (1997, GSA Bull. 109:1595–1616): whole-fault rupture Mw ~6.6, recurrence ≤ ~4000 yr at the minimum 0.35 mm/yr; UCERF3 (Field et al. 2014) section 108: 0.9 mm/yr, dip 70° N, gives ~950 yr for ~0.85 m per event',
  },
  {
    name: 'Santa Monica fault (onshore)', regime: 'active', trace: [[34.069, -118.412], [34.034, -118.477], [34.032, -118.554]], dipDeg: 75, mechanism: 'strike-slip', topKm: 0, widthKm: 18,
    magnitude: 6.6, recurrenceYears: 1100,
    citation: 'UCERF3 (Field et al. 2014, BSSA 104:1122–1180) section 226: 1.0 mm/yr, dip 75° N, 0–17.9 km; ~1.1 m per Mw 6.6 event (moment balance) gives ~1100 yr',
  },
  {
    name: 'Newport–Inglewood fault (onshore)', regime: 'active', trace: [[33.613, -117.934], [33.752, -118.097], [33.886, -118.265], [33.983, -118.359], [34.043, -118.390]], dipDeg: 88, mechanism: 'strike-slip', topKm: 0, widthKm: 15,
    magnitude: 7.1, recurrenceYears: 1700,
    citation: 'UCERF3 (Field et al. 2014, BSSA 104:1122–1180) section 235: 1.0 mm/yr, dip 88° NE, 0–15 km; ~1.7 m per Mw 7.1 event on 64 × 15 km (moment balance) gives ~1700 yr',
  },
  {
    name: 'Upper Elysian Park blind thrust', regime: 'active', trace: [[34.068, -118.100], [34.064, -118.171], [34.073, -118.242], [34.113, -118.297]], dipDeg: 50, mechanism: 'reverse', topKm: 3, widthKm: 16,
    magnitude: 6.5, recurrenceYears: 900,
    citation: 'Oskin et al. (2000, GSA Bull. 112:693–707): 0.8–2.2 mm/yr of fold contraction, a nominal Mw 6.2–6.7 earthquake every 500–1300 yr; geometry UCERF3 section 146',
  },
  {
    name: 'Compton blind thrust', regime: 'active', trace: [[33.681, -118.061], [33.796, -118.303], [33.904, -118.551], [34.001, -118.625]], dipDeg: 20, mechanism: 'reverse', topKm: 5, widthKm: 30,
    magnitude: 7.2, recurrenceYears: 2300,
    citation: 'Leon et al. (2009, JGR 114, doi:10.1029/2008JB006129): at least six Mw 7.0–7.4 events in the past 14,000 yr; geometry UCERF3 section 184',
  },
  {
    name: 'Sierra Madre fault zone', regime: 'active', trace: [[34.15, -117.72], [34.17, -118.00], [34.21, -118.17], [34.28, -118.37], [34.32, -118.47]], dipDeg: 45, mechanism: 'reverse', topKm: 0, widthKm: 20,
    magnitude: 7.4, recurrenceYears: 7500,
    citation: 'Rubin, Lindvall & Rockwell (1998, Science 281:398–402): at least two Mw 7.2–7.6 ruptures in the past 15,000 yr at Loma Alta; north-dipping reverse fault along the San Gabriel Mountains front',
  },
  {
    name: 'North Anatolian, Ganos segment (1912 type)', regime: 'active', trace: [[40.60, 26.85], [40.70, 27.14], [40.78, 27.42], [40.81, 27.88]], dipDeg: 90, mechanism: 'strike-slip', topKm: 0, widthKm: 15,
    magnitude: 7.3, recurrenceYears: 270,
    citation: 'Aksoy, Meghraoui, Ferry et al. (SSA Annual Meeting 2009, abstract 09-102): trenches at Saros, Yeniköy and Gaziköy give a 270-yr recurrence of large events and 17.5–20 mm/yr; the 1912 Mürefte Ms 7.3; trace SHARE EDSF (GEM Global Active Faults)',
  },
  {
    name: 'North Anatolian, Central Marmara–Kumburgaz segment', regime: 'active', trace: [[40.80, 28.06], [40.84, 28.30], [40.86, 28.55], [40.878, 28.79]], dipDeg: 90, mechanism: 'strike-slip', topKm: 0, widthKm: 16,
    magnitude: 7.1, recurrenceYears: 254,
    citation: 'Parsons (2004, JGR 109:B05304): 30-yr Poisson probability 21 % of an M ≥ 7 affecting Istanbul, 1 in 127 yr, shared equally by the two segments nearest the city; Ambraseys (2001, BSSA 91:1397–1416): the 1509 Mw 7.2 offshore rupture; trace SHARE EDSF (GEM Global Active Faults)',
  },
  {
    name: "North Anatolian, Princes' Islands–Çınarcık segment", regime: 'active', trace: [[40.878, 28.79], [40.86, 28.91], [40.79, 29.07], [40.72, 29.23]], dipDeg: 90, mechanism: 'strike-slip', topKm: 0, widthKm: 14,
    magnitude: 7.0, recurrenceYears: 254,
    citation: 'Parsons (2004, JGR 109:B05304): 30-yr Poisson probability 21 % of an M ≥ 7 affecting Istanbul, 1 in 127 yr, shared equally by the two segments nearest the city (the 1766 May event); trace SHARE EDSF (GEM Global Active Faults)',
  },
  {
    name: 'North Anatolian, Izmit segment (1999 type)', regime: 'active', trace: [[40.726, 29.33], [40.705, 29.79], [40.725, 30.26], [40.686, 30.61], [40.77, 30.94]], dipDeg: 90, mechanism: 'strike-slip', topKm: 0, widthKm: 10,
    magnitude: 7.4, recurrenceYears: 181,
    citation: 'Murru, Akinci, Console, Falcone & Pucci (AGU Fall Meeting 2014, poster S13D-4497): Izmit segment Mw 7.4, 15 ± 3 mm/yr, 181 ± 36 yr; the 17 August 1999 Mw 7.4 (Parsons 2004, JGR 109:B05304); trace SHARE EDSF (GEM Global Active Faults)',
  },
  {
    name: 'Main Himalayan Thrust, central–eastern Nepal (great)', regime: 'active', trace: [[26.65, 87.50], [27.10, 85.50], [27.70, 83.50], [28.50, 81.50]], dipDeg: 10, mechanism: 'reverse', topKm: 3, widthKm: 110,
    magnitude: 8.3, recurrenceYears: 700,
    citation: 'Bollinger et al. (2014, JGR 119:7123–7163) and Sapkota et al. (2013, Nat. Geosci. 6:71–76): surface ruptures of 1255 and 1934, ~700-yr recurrence of great events',
  },
  {
    name: 'Main Himalayan Thrust, Gorkha type', regime: 'active', trace: [[27.35, 86.00], [27.65, 84.50], [27.95, 83.60]], dipDeg: 10, mechanism: 'reverse', topKm: 10, widthKm: 80,
    magnitude: 7.8, recurrenceYears: 180,
    citation: 'Avouac et al. (2015, Nat. Geosci. 8:708–711): the 2015 Mw 7.8 Gorkha earthquake repeated the 1833 event; ~180-yr interval',
  },
  {
    name: 'Nankai–Tokai trough', regime: 'interface', trace: [[34.30, 138.60], [33.10, 136.60], [32.50, 134.50], [31.60, 132.20]], dipDeg: 12, mechanism: 'reverse', topKm: 5, widthKm: 140,
    magnitude: 8.4, recurrenceYears: 110,
    citation: 'HERP (2013, Headquarters for Earthquake Research Promotion, long-term evaluation of the Nankai Trough): M 8–9 events every ~90–150 yr (1707, 1854, 1944–46)',
  },
  {
    name: 'Japan Trench (Tohoku type)', regime: 'interface', trace: [[40.50, 144.40], [38.00, 143.80], [35.80, 141.90]], dipDeg: 14, mechanism: 'reverse', topKm: 5, widthKm: 200,
    magnitude: 9.0, recurrenceYears: 600,
    citation: 'Sawai et al. (2012, GRL 39:L21309): 869 Jōgan and 2011-type tsunami deposits, ~500–800-yr recurrence; 2011 Mw 9.0',
  },
  {
    name: 'Hikurangi', regime: 'interface', trace: [[-37.50, 179.50], [-39.50, 178.50], [-41.50, 176.50], [-42.00, 175.00]], dipDeg: 10, mechanism: 'reverse', topKm: 5, widthKm: 150,
    magnitude: 8.7, recurrenceYears: 500,
    citation: 'Clark et al. (2019, Mar. Geol. 412:139–172) and Wallace et al. (2009): paleoseismic evidence of great Hikurangi ruptures every ~500 yr',
  },
  {
    name: 'Sunda, Aceh–Andaman (2004 type)', regime: 'interface', trace: [[2.00, 95.50], [6.00, 94.00], [10.00, 92.50], [13.50, 92.50]], dipDeg: 12, mechanism: 'reverse', topKm: 5, widthKm: 150,
    magnitude: 9.1, recurrenceYears: 600,
    citation: 'Jankaew et al. (2008, Nature 455:1228–1231) and Rubin et al. (2017, Nat. Commun. 8:16019): 2004-type tsunamis every ~500–700 yr',
  },
  {
    name: 'Sunda, Mentawai', regime: 'interface', trace: [[-5.50, 101.50], [-2.50, 98.50], [-0.50, 97.00]], dipDeg: 12, mechanism: 'reverse', topKm: 5, widthKm: 130,
    magnitude: 8.7, recurrenceYears: 200,
    citation: 'Sieh et al. (2008, Science 322:1674–1678): Mentawai super-cycles, great ruptures about every 200 yr',
  },
  {
    name: 'Chile, central (Valparaíso)', regime: 'interface', trace: [[-36.00, -74.16], [-33.00, -72.88], [-30.00, -72.59]], dipDeg: 18, mechanism: 'reverse', topKm: 5, widthKm: 150,
    magnitude: 8.3, recurrenceYears: 90,
    citation: 'Comte et al. (1986, Science 233:449–453): Valparaíso region M ~8 events 1822, 1906, 1985, ~80–100-yr interval',
  },
  {
    name: 'Chile, south (Valdivia type)', regime: 'interface', trace: [[-46.00, -75.98], [-42.00, -75.40], [-38.00, -74.64]], dipDeg: 15, mechanism: 'reverse', topKm: 5, widthKm: 200,
    magnitude: 9.3, recurrenceYears: 285,
    citation: 'Cisternas et al. (2005, Nature 437:404–407): 1960-type events every ~285 yr on average',
  },
  {
    name: 'Peru, central (Lima)', regime: 'interface', trace: [[-14.50, -77.09], [-12.50, -78.76], [-10.00, -80.32]], dipDeg: 15, mechanism: 'reverse', topKm: 5, widthKm: 150,
    magnitude: 8.6, recurrenceYears: 130,
    citation: 'Dorbath, Cisternas & Dorbath (1990, BSSA 80:551–576): great Lima earthquakes 1586, 1687, 1746, 1940–74 sequence, ~100–150-yr interval',
  },
  {
    name: 'Hellenic arc, western Crete (AD 365 type)', regime: 'interface', trace: [[34.80, 24.60], [35.20, 23.40], [35.80, 22.60]], dipDeg: 30, mechanism: 'reverse', topKm: 5, widthKm: 100,
    magnitude: 8.3, recurrenceYears: 4800,
    citation: 'Shaw et al. (2008, Nat. Geosci. 1:268–276): AD 365 Mw 8.3–8.5, recurrence ~4,800 yr on the same fault',
  },
  {
    name: 'Alpine fault, New Zealand', regime: 'active', trace: [[-44.50, 167.90], [-43.50, 170.00], [-42.40, 171.60], [-41.90, 172.40]], dipDeg: 60, mechanism: 'strike-slip', topKm: 0, widthKm: 20,
    magnitude: 8.1, recurrenceYears: 291,
    citation: 'Berryman et al. (2012, Science 336:1690–1693): 24 ruptures in 8,000 yr at Hokuri Creek, mean 291 ± 23 yr; M ~8.1',
  },
  {
    name: 'Dead Sea Transform, Jordan Valley', regime: 'active', trace: [[30.00, 35.10], [31.00, 35.40], [32.30, 35.55], [33.10, 35.60]], dipDeg: 90, mechanism: 'strike-slip', topKm: 0, widthKm: 15,
    magnitude: 7.3, recurrenceYears: 1000,
    citation: 'Marco et al. (1996, JGR 101:6179–6191) and Ferry et al. (2011, BSSA 101:39–67): M ≥ 7 ruptures on the Jordan Valley segment every ~1000 yr',
  },
  {
    name: 'North Tehran Fault', regime: 'active', trace: [[35.78, 51.75], [35.81, 51.40], [35.83, 50.97], [35.90, 50.65]], dipDeg: 35, mechanism: 'reverse', topKm: 0, widthKm: 20,
    magnitude: 7.0, recurrenceYears: 3800,
    citation: 'Ritz et al. (2012, JGR 117:B06305): a ~110-km north-dipping thrust along the northern edge of Tehran; 6–7 surface-rupturing events of Mw 6.1–7.2 in 30 kyr, mean recurrence ~3.8 kyr',
  },
  {
    name: 'South Tehran, Kahrizak–Rey faults', regime: 'active', trace: [[35.493, 51.520], [35.546, 51.336], [35.540, 51.196]], dipDeg: 75, mechanism: 'reverse', topKm: 0, widthKm: 20,
    magnitude: 7.0, recurrenceYears: 640,
    citation: 'Berberian & Yeats (1999, BSSA 89:120–139): five large earthquakes in the Tehran region 743–1177, one of them (958) on the Mosha fault, none since 1177 off it; the other four shared by the two southern fault systems, 1283/2 ≈ 640 yr each; Kahrizak reverse fault (Berberian & Yeats 2001, J. Struct. Geol. 23:563–584); trace and dip EMME (GEM Global Active Faults). Whether the Kahrizak and Rey scarps are fault scarps is disputed (Terra Nova 22:227–237, 2010)',
  },
  {
    name: 'Parchin–Eyvanekey fault', regime: 'active', trace: [[35.319, 52.234], [35.423, 51.855], [35.502, 51.729], [35.608, 51.525]], dipDeg: 45, mechanism: 'reverse', topKm: 0, widthKm: 25,
    magnitude: 7.3, recurrenceYears: 640,
    citation: 'Berberian & Yeats (1999, BSSA 89:120–139): the second of the two southern fault systems sharing the four non-Mosha large Tehran-region earthquakes of 743–1177 (~640 yr each); 73-km trace, dip 45° and reverse slip EMME (GEM Global Active Faults)',
  },
  {
    name: 'Mosha fault', regime: 'active', trace: [[35.70, 52.60], [35.79, 52.05], [35.92, 51.55], [36.05, 51.05]], dipDeg: 70, mechanism: 'strike-slip', topKm: 0, widthKm: 18,
    magnitude: 7.1, recurrenceYears: 550,
    citation: 'Ritz et al. (2003, Geological Survey of Iran / Ritz et al. 2006, Geology 34:477–480): ~150-km left-lateral fault, minimum slip rate 2.2 ± 0.5 mm/yr; the 1830 Mw 7.1 event; 1.2 m per Mw 7.1 event (Wells & Coppersmith 1994) gives ~550 yr',
  },
];
