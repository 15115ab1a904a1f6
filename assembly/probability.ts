/** p = 1 − exp(−Λ) without cancellation for small Λ; mirrors src/engine/formulas.ts. */
@inline export function probabilityFromExpected(expected: f64): f64 {
  return expected > 0 ? -Math.expm1(-expected) : 0;
}
