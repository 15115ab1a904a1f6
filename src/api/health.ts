import { Type } from '@sinclair/typebox';
import { constantBody } from '../http/encode.js';
import type { Route } from '../http/types.js';

const HealthBody = Type.Object({ message: Type.String() });
const BODY = constantBody({ message: 'ok' });

export const healthRoute: Route = {
  method: 'GET',
  path: '/health',
  auth: null,
  probe: true,
  handler: () => ({ body: BODY }),
  doc: { operationId: 'getHealth', summary: 'Liveness', tags: ['utility'], responses: { 200: HealthBody } },
};
