import { OWN_JSON, OWN_MSGPACK, type OwnJson, type OwnMsgpack } from '../../http/encode.js';
import { JsonBytes, jsonText } from '../../http/json-bytes.js';
import { MsgpackBytes, packMsgpack } from '../../http/msgpack.js';
import { perilDef, type PerilName } from '../../engine/perils.js';
import type { InDepthResponse, ResultObject } from './schema.js';

/**
 * The in-depth answer with its own writers (http/encode.ts OWN_JSON,
 * OWN_MSGPACK): 25 curves are ~400 numbers, and JSON.stringify was 40 % of a
 * v2 request's time (bench/README.md, issue 18). Both write the shape run.ts
 * builds (v2 and daily: index, peril, coordinates, threshold, probability,
 * return_period, unit; expanding: window_index after index, no return
 * period), byte for byte what JSON.stringify and packMsgpack() write for the
 * same object (test/api/in-depth-answer.test.ts). A peril's name, thresholds
 * and unit are the same in every result, so they are encoded once per peril.
 */
export type InDepthAnswer = InDepthResponse & OwnJson & OwnMsgpack;

export function inDepthAnswer(results: ResultObject[], failedItems: InDepthResponse['failed_items'], metadata: InDepthResponse['metadata']): InDepthAnswer {
  return { results, failed_items: failedItems, metadata, [OWN_JSON]: writeJson, [OWN_MSGPACK]: writeMsgpack };
}

/** Constant pieces of a peril's result, in each encoding. */
interface PerilPieces {
  /** JSON: `,"peril":…,"latitude":`, `,"threshold":[…],"probability":`, `,"unit":…}`. */
  json: { peril: Uint8Array; threshold: Uint8Array; unit: Uint8Array };
  /** MessagePack: the peril entry, the threshold entry with the probability key, the unit entry. */
  msgpack: { peril: Uint8Array; threshold: Uint8Array; unit: Uint8Array };
}

const pieces = new Map<string, PerilPieces>();

/** Values packed one after another, as their own bytes (packMsgpack's answers share its buffer). */
function packed(...values: unknown[]): Uint8Array {
  return Buffer.concat(values.map((v) => packMsgpack(v)));
}

function piecesOf(peril: string): PerilPieces {
  let found = pieces.get(peril);
  if (!found) {
    const { name, thresholds, unit } = perilDef(peril as PerilName);
    found = {
      json: {
        peril: jsonText(`,"peril":${JSON.stringify(name)},"latitude":`),
        threshold: jsonText(`,"threshold":${JSON.stringify(thresholds)},"probability":`),
        unit: jsonText(`,"unit":${JSON.stringify(unit)}}`),
      },
      msgpack: { peril: packed('peril', name), threshold: packed('threshold', thresholds, 'probability'), unit: packed('unit', unit) },
    };
    pieces.set(peril, found);
  }
  return found;
}

const JSON_TEXT = {
  open: jsonText('{"results":['),
  firstIndex: jsonText('{"index":'),
  index: jsonText(',{"index":'),
  windowIndex: jsonText(',"window_index":'),
  longitude: jsonText(',"longitude":'),
  returnPeriod: jsonText(',"return_period":'),
  failedItems: jsonText('],"failed_items":'),
  metadata: jsonText(',"metadata":'),
  close: jsonText('}'),
};
const json = new JsonBytes();

function writeJson(this: InDepthAnswer): Uint8Array {
  json.begin().raw(JSON_TEXT.open);
  for (let i = 0; i < this.results.length; i++) {
    const result = this.results[i]!;
    const text = piecesOf(result.peril).json;
    json.raw(i === 0 ? JSON_TEXT.firstIndex : JSON_TEXT.index).number(result.index);
    if (result.window_index !== undefined) json.raw(JSON_TEXT.windowIndex).number(result.window_index);
    json.raw(text.peril).number(result.latitude).raw(JSON_TEXT.longitude).number(result.longitude);
    json.raw(text.threshold).numbers(result.probability);
    if (result.return_period !== undefined) json.raw(JSON_TEXT.returnPeriod).numbers(result.return_period);
    json.raw(text.unit);
  }
  return json.raw(JSON_TEXT.failedItems).value(this.failed_items).raw(JSON_TEXT.metadata).value(this.metadata).raw(JSON_TEXT.close).done();
}

const MSGPACK_KEY = {
  results: packed('results'),
  index: packed('index'),
  windowIndex: packed('window_index'),
  latitude: packed('latitude'),
  longitude: packed('longitude'),
  returnPeriod: packed('return_period'),
  failedItems: packed('failed_items'),
  metadata: packed('metadata'),
};
const msgpack = new MsgpackBytes();
/** index, peril, latitude, longitude, threshold, probability, unit; window_index and return_period when present. */
const RESULT_ENTRIES = 7;

function writeMsgpack(this: InDepthAnswer): Uint8Array {
  msgpack.begin().mapHeader(3).raw(MSGPACK_KEY.results).arrayHeader(this.results.length);
  for (const result of this.results) {
    const packed = piecesOf(result.peril).msgpack;
    const windowed = result.window_index !== undefined;
    const withReturnPeriod = result.return_period !== undefined;
    msgpack.mapHeader(RESULT_ENTRIES + Number(windowed) + Number(withReturnPeriod)).raw(MSGPACK_KEY.index).number(result.index);
    if (windowed) msgpack.raw(MSGPACK_KEY.windowIndex).number(result.window_index!);
    msgpack.raw(packed.peril).raw(MSGPACK_KEY.latitude).number(result.latitude).raw(MSGPACK_KEY.longitude).number(result.longitude);
    msgpack.raw(packed.threshold).numbers(result.probability);
    if (withReturnPeriod) msgpack.raw(MSGPACK_KEY.returnPeriod).numbers(result.return_period!);
    msgpack.raw(packed.unit);
  }
  return msgpack.raw(MSGPACK_KEY.failedItems).value(this.failed_items).raw(MSGPACK_KEY.metadata).value(this.metadata).done();
}
