/**
 * The seeded generator: its bits against a BigInt re-implementation of
 * FNV-1a → splitmix32 → sfc32 (no shared code or 32-bit tricks), and its
 * distributions against their closed-form moments.
 */
import assert from 'node:assert/strict';
import { describe, it } from '../../helpers/harness.js';
import { cumulativeWeights, Random } from '../../../src/models/toolkit/random.js';

const M32 = (1n << 32n) - 1n;
const u32 = (x: bigint): bigint => x & M32;

function referenceStream(key: string, count: number): number[] {
  let h = 0x811c9dc5n;
  for (const ch of key) h = u32((h ^ BigInt(ch.charCodeAt(0))) * 0x01000193n);
  let seed = h;
  const splitmix = (): bigint => {
    seed = u32(seed + 0x9e3779b9n);
    let z = seed;
    z = u32((z ^ (z >> 16n)) * 0x21f0aaadn);
    z = u32((z ^ (z >> 15n)) * 0x735a2d97n);
    return z ^ (z >> 15n);
  };
  let [a, b, c, d] = [splitmix(), splitmix(), splitmix(), splitmix()];
  const step = (): bigint => {
    const t = u32(a + b + d);
    d = u32(d + 1n);
    a = b ^ (b >> 9n);
    b = u32(c + (c << 3n));
    c = u32((c << 21n) | (c >> 11n));
    c = u32(c + t);
    return t;
  };
  for (let i = 0; i < 12; i++) step();
  return Array.from({ length: count }, () => Number(step()));
}

describe('Random', () => {
  it('is sfc32 seeded by splitmix32 from the FNV-1a of its key, bit for bit', () => {
    for (const key of ['tc:NA:year:0', 'tc:WP:year:19999', '']) {
      const random = new Random(key);
      assert.deepEqual(Array.from({ length: 1000 }, () => random.uint32()), referenceStream(key, 1000), key);
    }
  });

  it('gives different streams for different keys', () => {
    const a = new Random('tc:NA:year:1');
    const b = new Random('tc:NA:year:2');
    assert.notDeepEqual(Array.from({ length: 8 }, () => a.uint32()), Array.from({ length: 8 }, () => b.uint32()));
  });

  it('draws uniforms, normals, Poisson counts and weighted picks with their moments', () => {
    const random = new Random('moments');
    const n = 200_000;
    let su = 0;
    let sz = 0;
    let szz = 0;
    let sk = 0;
    let skk = 0;
    const picks = [0, 0, 0];
    const weights = cumulativeWeights([1, 2, 7]);
    for (let i = 0; i < n; i++) {
      su += random.uniform();
      const z = random.normal();
      sz += z;
      szz += z * z;
      const k = random.poisson(12.76);
      sk += k;
      skk += k * k;
      picks[random.pick(weights)]! += 1;
    }
    // Tolerances are 5 standard errors of each estimate.
    assert.ok(Math.abs(su / n - 0.5) < 5 * Math.sqrt(1 / 12 / n), `uniform mean ${su / n}`);
    assert.ok(Math.abs(sz / n) < 5 / Math.sqrt(n), `normal mean ${sz / n}`);
    assert.ok(Math.abs(szz / n - 1) < 5 * Math.sqrt(2 / n), `normal variance ${szz / n}`);
    const mean = sk / n;
    assert.ok(Math.abs(mean - 12.76) < 5 * Math.sqrt(12.76 / n), `Poisson mean ${mean}`);
    assert.ok(Math.abs(skk / n - mean * mean - 12.76) < 0.2, `Poisson variance ${skk / n - mean * mean}`);
    [0.1, 0.2, 0.7].forEach((p, i) => assert.ok(Math.abs(picks[i]! / n - p) < 5 * Math.sqrt((p * (1 - p)) / n), `pick ${i}: ${picks[i]! / n}`));
  });
});
