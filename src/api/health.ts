import { Type } from '@sinclair/typebox';
import { defineRoute } from '../http/define-route.js';
import { constantBody } from '../http/encode.js';

const HealthBody = Type.Object({ message: Type.Literal('ok') });
const BODY = constantBody({ message: 'ok' as const });

export const healthRoute = defineRoute({
  method: 'GET',
  path: '/health',
  auth: null,
  probe: true,
  schema: { response: { 200: HealthBody } },
  handler: () => ({ body: BODY }),
  doc: { operationId: 'getHealth', summary: 'Liveness', tags: ['utility'] },
});
