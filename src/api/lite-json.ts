import { OWN_JSON, type OwnJson } from '../http/encode.js';
import type { LiteOutcome } from '../lite/score.js';

/**
 * The Lite answer with its own JSON writer (http/encode.ts OWN_JSON): JSON.stringify spent 2.3 µs
 * on its dozen small objects, a Lite request's largest single cost after the kernel; written from
 * the fixed shape it takes a fraction of that. The text is byte for byte JSON.stringify's
 * (test/api/lite-json.test.ts): the same keys in the same order, numbers as JSON writes them, and
 * every string that could need escaping (the tag, the reasons) through JSON.stringify; peril and
 * band names are identifiers from our own tables.
 */
interface LiteBody extends OwnJson {
  lat: number;
  lon: number;
  tag: string | null;
  scores: LiteOutcome['scores'];
  unavailable: LiteOutcome['unavailable'];
}

export function liteAnswer(lat: number, lon: number, tag: string | null, scores: LiteBody['scores'], unavailable: LiteBody['unavailable']): LiteBody {
  return { lat, lon, tag, scores, unavailable, [OWN_JSON]: writeLiteJson };
}

/** The reasons are a handful of fixed sentences: each is escaped once. */
const reasonJson = new Map<string, string>();
const REASONS_KEPT = 256;

function writeLiteJson(this: LiteBody): string {
  let json = `{"lat":${number(this.lat)},"lon":${number(this.lon)},"tag":${this.tag === null ? 'null' : JSON.stringify(this.tag)},"scores":{`;
  let comma = '';
  for (const peril in this.scores) {
    const { score, band } = this.scores[peril as keyof LiteBody['scores']]!;
    json += `${comma}"${peril}":{"score":${number(score)},"band":"${band}"}`;
    comma = ',';
  }
  json += '},"unavailable":{';
  comma = '';
  for (const peril in this.unavailable) {
    json += `${comma}"${peril}":{"reason":${escapedReason(this.unavailable[peril as keyof LiteBody['unavailable']]!.reason)}}`;
    comma = ',';
  }
  return `${json}}}`;
}

/** As JSON writes a number: NaN and the infinities as null. */
function number(value: number): string {
  return Number.isFinite(value) ? String(value) : 'null';
}

function escapedReason(reason: string): string {
  let json = reasonJson.get(reason);
  if (json === undefined) {
    if (reasonJson.size >= REASONS_KEPT) reasonJson.clear();
    reasonJson.set(reason, (json = JSON.stringify(reason)));
  }
  return json;
}
