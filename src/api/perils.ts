import type { Route } from '../http/types.js';
import { defineRoute } from '../http/define-route.js';
import { PERILS, type PerilDef } from '../engine/perils.js';
import type { Principal } from '../auth/keys.js';
import type { Mode } from '../auth/modes.js';
import type { TableInfo } from '../engine/table-file.js';
import { PerilsBody, type PerilInfo } from './perils-schema.js';

/** The modes a peril can serve at all, before the key's licence narrows them. */
function perilModes(def: PerilDef): Mode[] {
  const modes: Mode[] = ['in_depth', 'batch'];
  if (def.lite) modes.push('lite');
  if (def.historic) modes.push('historic');
  return modes;
}

function describePeril(def: PerilDef, principal: Principal, table: TableInfo | null): PerilInfo {
  return {
    name: def.name,
    category: def.category,
    unit: def.unit,
    threshold_type: typeof def.thresholds[0] === 'string' ? 'string' : 'number',
    thresholds: [...def.thresholds],
    model_type: def.modelType,
    cumulative: def.cumulative,
    lite_threshold: def.lite ? { threshold: def.lite.threshold, description: def.lite.description, basis: def.lite.basis, us_only: def.lite.usOnly, flood_plus: def.lite.floodPlus } : null,
    modes: perilModes(def).filter((m) => principal.modes.has(m)),
    coverage: table?.metadata.meta.coverage ?? def.coverage,
    model_version: table?.modelVersion ?? null,
  };
}

export function perilsRoute(tableOf: (def: PerilDef) => TableInfo | null): Route {
  return defineRoute({
    method: 'GET',
    path: '/v1/perils',
    auth: {},
    schema: { response: { 200: PerilsBody } },
    handler: (ctx) => {
      const principal = ctx.principal!;
      const perils = [...PERILS.values()].filter((d) => principal.perils.has(d.name)).map((d) => describePeril(d, principal, tableOf(d)));
      return { body: { perils } };
    },
    doc: { operationId: 'listPerils', summary: 'Perils available to the calling key', tags: ['utility'] },
  });
}
