import assert from 'node:assert/strict';
import { liteAnswer } from '../../src/api/lite-json.js';
import { encodeBody } from '../../src/http/encode.js';
import type { LiteOutcome } from '../../src/lite/score.js';
import { describe, it } from '../helpers/harness.js';

/** Issue 18: the Lite answer writes its own JSON, which must be JSON.stringify's to the byte. */
const SCORES: LiteOutcome['scores'] = {
  TropicalCyclone: { score: 70, band: 'Low' },
  Wildfire: { score: 170, band: 'Remote' },
  USTornado: { score: 429723, band: 'Negligible' },
  Rain: { score: 1, band: 'Extreme' },
};
const UNAVAILABLE: LiteOutcome['unavailable'] = {
  Tornado: { reason: 'Tornado has no Lite threshold: Lite scores tornadoes as USTornado (EF2, United States only)' },
  Hail: { reason: 'a "quoted" reason, a back\\slash, a tab\t, é, \u2028 and a lone \ud800' },
};

describe('Lite answer JSON', () => {
  it('is JSON.stringify of the same answer, through encodeBody, for tags, coordinates and empty parts', () => {
    const tags = [null, 'hq', '', 'a "tag" with \\ and \n', 'Zürich – 東京 😀', '\u0000\u001f\ud83d'];
    const coordinates: [number, number][] = [[25.76, -80.19], [-0, 0], [89.999999, -179.5], [1e-7, 123.456789012345]];
    for (const tag of tags) {
      for (const [lat, lon] of coordinates) {
        for (const [scores, unavailable] of [[SCORES, UNAVAILABLE], [{}, {}], [SCORES, {}], [{}, UNAVAILABLE]] as const) {
          const answer = liteAnswer(lat, lon, tag, scores, unavailable);
          const plain = { lat, lon, tag, scores, unavailable };
          assert.equal(encodeBody(answer, undefined).payload, JSON.stringify(plain));
          assert.equal(JSON.stringify(answer), JSON.stringify(plain));
        }
      }
    }
  });

  it('packs to the same MessagePack as the plain answer (its writer is not part of the body)', () => {
    const answer = liteAnswer(25.76, -80.19, 'hq', SCORES, UNAVAILABLE);
    const plain = { lat: 25.76, lon: -80.19, tag: 'hq', scores: SCORES, unavailable: UNAVAILABLE };
    assert.deepEqual(encodeBody(answer, 'application/msgpack'), encodeBody(plain, 'application/msgpack'));
  });
});
