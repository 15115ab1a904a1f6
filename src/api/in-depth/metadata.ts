import type { Metadata } from './schema.js';

/**
 * Metadata by the spec's rules 1–4: each event's peril outcomes (event × peril,
 * or event × window × peril in expanding) are counted as present in results
 * (successful) or absent (failed); events are successful, partially successful
 * or failed from those counts.
 */
export interface EventOutcomes {
  successful: number;
  failed: number;
}

export function buildMetadata(outcomes: readonly EventOutcomes[], failedItems: number, modelVersions: Metadata['model_versions']): Metadata {
  let allOk = 0;
  let partial = 0;
  let none = 0;
  let succeeded = 0;
  let failed = 0;
  for (const o of outcomes) {
    succeeded += o.successful;
    failed += o.failed;
    if (o.successful === 0) none++;
    else if (o.failed === 0) allOk++;
    else partial++;
  }
  return {
    total_requested: outcomes.length,
    successful: allOk + partial,
    failed: failedItems,
    partial_failure: failedItems > 0,
    event_outcomes: { requested: outcomes.length, successful: allOk, partially_successful: partial, failed: none },
    peril_outcomes: { requested: succeeded + failed, successful: succeeded, failed },
    model_versions: modelVersions,
  };
}
