import { place as p, type Place } from '../toolkit/place-checks.js';

/** Places used by the validation (city centres, decimal degrees). */

export const PLACES = {
  miami: p('Miami, FL', 25.76, -80.19),
  tampa: p('Tampa, FL', 27.95, -82.46),
  boston: p('Boston, MA', 42.36, -71.06),
  capeCod: p('Chatham (Cape Cod), MA', 41.68, -69.96),
  capeHatteras: p('Cape Hatteras (Outer Banks), NC', 35.25, -75.53),
  newOrleans: p('New Orleans, LA', 29.95, -90.07),
  naha: p('Naha, Okinawa', 26.21, 127.68),
  manila: p('Manila', 14.6, 120.98),
  tokyo: p('Tokyo', 35.68, 139.69),
  guam: p('Hagåtña, Guam', 13.48, 144.75),
  hongKong: p('Hong Kong', 22.3, 114.17),
  shanghai: p('Shanghai', 31.23, 121.47),
  honolulu: p('Honolulu', 21.31, -157.86),
  london: p('London', 51.51, -0.13),
  madrid: p('Madrid', 40.42, -3.7),
  rio: p('Rio de Janeiro', -22.9, -43.2),
  lima: p('Lima', -12.05, -77.04),
  brisbane: p('Brisbane', -27.47, 153.03),
  darwin: p('Darwin', -12.46, 130.84),
  mumbai: p('Mumbai', 19.08, 72.88),
  chittagong: p('Chittagong', 22.36, 91.78),
} as const satisfies Record<string, Place>;
