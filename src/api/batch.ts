import { Type } from '@sinclair/typebox';
import type { ApiContext } from './context.js';
import { httpError } from '../errors.js';
import type { RequestContext, Route } from '../http/types.js';
import { compileValidator } from '../http/validation.js';
import { publicBaseUrl } from '../http/public-url.js';
import { acceptUpload, submitInDepth, submitLite } from '../batch/intake.js';
import type { JobKind } from '../batch/jobs.js';
import { queueFields } from '../batch/queue.js';
import { statusObject, progressPercentage } from '../batch/status.js';
import { receiveCsvPart } from '../batch/upload.js';
import { LITE_METHODS } from '../lite/score.js';
import { parsePerils } from './perils-input.js';
import { LIMITS } from '../limits.js';

/**
 * Batch routes (docs/batch.md): uploads, submissions, status, cancel, the
 * owner-scoped lists for the web interface (signed downloads: downloads.ts).
 */
const FileId = Type.String({ maxLength: LIMITS.maxIdLength });
const InDepthSubmit = Type.Object({ file_id: FileId, perils: Type.Array(Type.String(), { minItems: 1, maxItems: LIMITS.maxPerilsPerRequest }) }, { additionalProperties: false });
const LiteSubmit = Type.Object(
  {
    file_id: FileId,
    calculation_method: Type.Optional(Type.Union(LITE_METHODS.map((m) => Type.Literal(m)))),
    flood_plus: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const SubmitResponse = Type.Object({ job_id: Type.String(), status: Type.String(), idempotency_key: Type.String() });
const UploadResponse = Type.Object({ file_id: Type.String() });
const UploadForm = Type.Object(
  { file: Type.String({ format: 'binary', description: 'The CSV schedule (UTF-8; columns and limits in docs/batch.md).' }) },
  { required: ['file'], description: 'multipart/form-data with one file part named "file"' },
);
const StatusBody = Type.Record(Type.String(), Type.Unknown());

const PREFIX: Record<JobKind, string> = { in_depth: '/v1/in-depth/batch', lite: '/v1/lite/batch' };

export function batchRoutes(app: ApiContext): Route[] {
  const validateInDepth = compileValidator(InDepthSubmit);
  const validateLite = compileValidator(LiteSubmit);
  const baseUrl = (ctx: RequestContext): string => publicBaseUrl(app.config.publicUrl, ctx.headers.host, app.config.host, app.config.port);
  const job = (ctx: RequestContext, kind: JobKind) => {
    const found = app.jobs.get(ctx.principal!.owner, kind, ctx.params.job_id!);
    if (!found) throw httpError('unknown_job_id', { field: 'job_id', message: `job_id: unknown job "${ctx.params.job_id!.slice(0, 60)}"` });
    return found;
  };
  const submitted = (record: { id: string; status: string; idempotency_key: string }) => ({
    body: { job_id: record.id, status: record.status, idempotency_key: record.idempotency_key },
  });

  const routes: Route[] = [];
  for (const kind of ['in_depth', 'lite'] as const) {
    const prefix = PREFIX[kind];
    const tag = kind === 'in_depth' ? 'in-depth batch' : 'lite batch';
    const noun = kind === 'in_depth' ? 'InDepthBatch' : 'LiteBatch';
    routes.push(
      {
        method: 'POST',
        path: `${prefix}/upload`,
        auth: { mode: 'batch' },
        body: 'stream',
        handler: async (ctx) => {
          const received = await receiveCsvPart(ctx.bodyStream!, ctx.headers, app.paths.uploads, app.config.uploadBytes);
          const file = await acceptUpload(app.intake, ctx.principal!, received);
          return { body: { file_id: file.id } };
        },
        doc: { operationId: `upload${noun}Schedule`, summary: 'Upload a CSV schedule (multipart field "file")', tags: [tag], body: UploadForm, requestContentType: 'multipart/form-data', responses: { 200: UploadResponse } },
      },
      {
        method: 'POST',
        path: prefix,
        auth: { mode: 'batch' },
        body: 'json',
        handler: (ctx) => {
          const submission = { kind, fileId: '', idempotencyKey: ctx.headers['idempotency-key'] };
          if (kind === 'in_depth') {
            const body = validateInDepth(ctx.body);
            const record = submitInDepth(app.intake, ctx.principal!, { ...submission, fileId: body.file_id }, parsePerils(body.perils));
            app.worker?.wake();
            return submitted(record);
          }
          const body = validateLite(ctx.body);
          const record = submitLite(app.intake, ctx.principal!, { ...submission, fileId: body.file_id }, body.calculation_method ?? 'return_period', body.flood_plus ?? false);
          app.worker?.wake();
          return submitted(record);
        },
        doc: { operationId: `submit${noun}`, summary: 'Submit a batch job', tags: [tag], body: kind === 'in_depth' ? InDepthSubmit : LiteSubmit, responses: { 200: SubmitResponse } },
      },
      {
        method: 'GET',
        path: `${prefix}/:job_id`,
        auth: { mode: 'batch' },
        handler: (ctx) => ({ body: statusObject(job(ctx, kind), app.signer, baseUrl(ctx)) }),
        doc: { operationId: `get${noun}Job`, summary: 'Job status', tags: [tag], responses: { 200: StatusBody } },
      },
      {
        method: 'DELETE',
        path: `${prefix}/:job_id`,
        auth: { mode: 'batch' },
        handler: (ctx) => {
          const record = job(ctx, kind);
          app.jobs.cancel(record.id, app.clock());
          return { body: statusObject(app.jobs.byId(record.id)!, app.signer, baseUrl(ctx)) };
        },
        doc: { operationId: `cancel${noun}Job`, summary: 'Cancel a pending or running job', tags: [tag], responses: { 200: StatusBody } },
      },
    );
  }
  routes.push(
    {
      method: 'GET',
      path: '/v1/schedules',
      auth: { mode: 'batch' },
      handler: (ctx) => ({
        body: {
          schedules: app.files.schedules(ctx.principal!.owner, LIMITS.maxListedItems).map((s) => ({
            schedule_id: s.id,
            name: s.name,
            line_of_business: s.line_of_business,
            file_id: s.file_id,
            rows: s.rows,
            cleaned: s.cleaned === 1,
            tenant: s.tenant,
            organisation: s.organisation,
            created_at: new Date(s.created_at).toISOString(),
          })),
        },
      }),
      doc: { operationId: 'listSchedules', summary: "The key owner's draft schedules, newest first", tags: ['batch'] },
    },
    {
      method: 'GET',
      path: '/v1/jobs',
      auth: { mode: 'batch' },
      handler: (ctx) => {
        const owner = ctx.principal!.owner;
        // Where each job stands, so a user can see why one waits (docs/batch.md "Queue").
        const queue = { positions: app.jobs.queuePositions(owner), computing: app.jobs.computingCount(owner), limit: app.config.batchMaxRunningPerOwner };
        return {
          body: {
            jobs: app.jobs.list(owner, LIMITS.maxListedItems).map((j) => ({
              job_id: j.id,
              kind: j.kind,
              file_id: j.file_id,
              status: j.status,
              attempt: j.attempt,
              processed_rows: j.processed_rows,
              total_rows: j.total_rows,
              progress_percentage: progressPercentage(j),
              submitted_at: new Date(j.submitted_at).toISOString(),
              ...queueFields(j, queue),
            })),
          },
        };
      },
      doc: { operationId: 'listJobs', summary: "The key owner's batch jobs, newest first", tags: ['batch'] },
    },
  );
  return routes;
}
