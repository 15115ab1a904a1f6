import { Type } from '@sinclair/typebox';
import type { ApiContext } from './context.js';
import { httpError } from '../errors.js';
import { defineRoute } from '../http/define-route.js';
import type { Route } from '../http/types.js';
import { publicBaseUrl } from '../http/public-url.js';
import { acceptUpload, submitInDepth, submitLite, type Submission } from '../batch/intake.js';
import type { JobKind } from '../job-states.js';
import type { JobRecord } from '../store/records.js';
import { queueFields } from '../batch/queue.js';
import { ARTEFACTS, linkExpiry, progressPercentage, signedPath, type ArtefactName } from '../batch/status.js';
import type { UrlSigner } from '../batch/signing.js';
import { receiveCsvPart } from '../batch/upload.js';
import { LITE_METHODS } from '../lite/score.js';
import { parsePerils } from './perils-input.js';
import { LIMITS } from '../limits.js';
import { JobList, JobStatusBody, ScheduleList, SubmitResponse, UploadResponse } from './batch-schema.js';
import { StringEnum } from './common.js';

/**
 * Batch routes (docs/batch.md): uploads, submissions, status, cancel, the
 * owner-scoped lists for the web interface (signed downloads: downloads.ts).
 * Responses: batch-schema.ts.
 */
const FileId = Type.String({ maxLength: LIMITS.maxIdLength });
const InDepthSubmit = Type.Object({ file_id: FileId, perils: Type.Array(Type.String(), { minItems: 1, maxItems: LIMITS.maxPerilsPerRequest }) }, { additionalProperties: false });
const LiteSubmit = Type.Object(
  { file_id: FileId, calculation_method: Type.Optional(StringEnum(LITE_METHODS)), flood_plus: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
const UploadForm = Type.Object(
  { file: Type.String({ format: 'binary', description: 'The CSV schedule (UTF-8; columns and limits in docs/batch.md).' }) },
  { required: ['file'], description: 'multipart/form-data with one file part named "file"' },
);
const JobParams = Type.Object({ job_id: Type.String() });

const PREFIX: Record<JobKind, string> = { in_depth: '/v1/in-depth/batch', lite: '/v1/lite/batch' };

/** The spec's job status object: progress and error until complete, then the signed artefact links. */
function jobStatus(job: JobRecord, signer: UrlSigner, baseUrl: string): JobStatusBody {
  const progress = { attempt: job.attempt, processed_rows: job.processed_rows, total_rows: job.total_rows, progress_percentage: progressPercentage(job) };
  if (job.status !== 'complete') return { job_id: job.id, status: job.status, ...progress, error: job.error };
  const link = (name: ArtefactName): string | null => (job[ARTEFACTS[name].column] ? `${baseUrl}${signedPath(signer, job.id, name, linkExpiry(job))}` : null);
  return { job_id: job.id, status: job.status, ...progress, result_url: link('results.csv'), report_url: link('report.html'), workbook_url: link('workbook.xlsx') };
}

export function batchRoutes(app: ApiContext): Route[] {
  const baseUrl = (host: string | undefined): string => publicBaseUrl(app.config.publicUrl, host, app.config.host, app.config.port);
  const ownJob = async (owner: string, kind: JobKind, jobId: string): Promise<JobRecord> => {
    const found = await app.jobs.get(owner, kind, jobId);
    if (!found) throw httpError('unknown_job_id', { field: 'job_id', message: `job_id: unknown job "${jobId.slice(0, 60)}"` });
    return found;
  };
  const submitted = (record: JobRecord) => {
    app.worker?.wake();
    return { body: { job_id: record.id, status: record.status, idempotency_key: record.idempotency_key } };
  };

  const routes: Route[] = [];
  for (const kind of ['in_depth', 'lite'] as const) {
    const prefix = PREFIX[kind];
    const tags = [kind === 'in_depth' ? 'in-depth batch' : 'lite batch'];
    const noun = kind === 'in_depth' ? 'InDepthBatch' : 'LiteBatch';
    const submission = (fileId: string, idempotencyKey: string | undefined): Submission => ({ kind, fileId, idempotencyKey });
    routes.push(
      defineRoute({
        method: 'POST',
        path: `${prefix}/upload`,
        auth: { mode: 'batch' },
        schema: { upload: { contentType: 'multipart/form-data', schema: UploadForm }, response: { 200: UploadResponse } },
        handler: async (ctx) => {
          const leave = app.intake.uploads.enter();
          try {
            const received = await receiveCsvPart(ctx.bodyStream!, ctx.headers, app.paths.uploads, app.config.uploadBytes);
            const file = await acceptUpload(app.intake, ctx.principal!, received);
            return { body: { file_id: file.id } };
          } finally {
            leave();
          }
        },
        doc: { operationId: `upload${noun}Schedule`, summary: 'Upload a CSV schedule (multipart field "file")', tags },
      }),
      kind === 'in_depth'
        ? defineRoute({
            method: 'POST',
            path: prefix,
            auth: { mode: 'batch' },
            schema: { body: InDepthSubmit, response: { 200: SubmitResponse } },
            handler: async (ctx) => {
              const { file_id, perils } = ctx.input.body;
              return submitted(await submitInDepth(app.intake, ctx.principal!, submission(file_id, ctx.headers['idempotency-key']), parsePerils(perils)));
            },
            doc: { operationId: `submit${noun}`, summary: 'Submit a batch job', tags },
          })
        : defineRoute({
            method: 'POST',
            path: prefix,
            auth: { mode: 'batch' },
            schema: { body: LiteSubmit, response: { 200: SubmitResponse } },
            handler: async (ctx) => {
              const { file_id, calculation_method = 'return_period', flood_plus = false } = ctx.input.body;
              return submitted(await submitLite(app.intake, ctx.principal!, submission(file_id, ctx.headers['idempotency-key']), calculation_method, flood_plus));
            },
            doc: { operationId: `submit${noun}`, summary: 'Submit a batch job', tags },
          }),
      defineRoute({
        method: 'GET',
        path: `${prefix}/:job_id`,
        auth: { mode: 'batch' },
        schema: { params: JobParams, response: { 200: JobStatusBody } },
        handler: async (ctx) => ({ body: jobStatus(await ownJob(ctx.principal!.owner, kind, ctx.input.params.job_id), app.signer, baseUrl(ctx.headers.host)) }),
        doc: { operationId: `get${noun}Job`, summary: 'Job status', tags },
      }),
      defineRoute({
        method: 'DELETE',
        path: `${prefix}/:job_id`,
        auth: { mode: 'batch' },
        schema: { params: JobParams, response: { 200: JobStatusBody } },
        handler: async (ctx) => {
          const record = await ownJob(ctx.principal!.owner, kind, ctx.input.params.job_id);
          await app.jobs.cancel(record.id, app.clock());
          return { body: jobStatus((await app.jobs.byId(record.id))!, app.signer, baseUrl(ctx.headers.host)) };
        },
        doc: { operationId: `cancel${noun}Job`, summary: 'Cancel a pending or running job', tags },
      }),
    );
  }
  routes.push(
    defineRoute({
      method: 'GET',
      path: '/v1/schedules',
      auth: { mode: 'batch' },
      schema: { response: { 200: ScheduleList } },
      handler: async (ctx) => ({
        body: {
          schedules: (await app.files.schedules(ctx.principal!.owner, LIMITS.maxListedItems)).map((s) => ({
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
    }),
    defineRoute({
      method: 'GET',
      path: '/v1/jobs',
      auth: { mode: 'batch' },
      schema: { response: { 200: JobList } },
      handler: async (ctx) => {
        const owner = ctx.principal!.owner;
        // Where each job stands, so a user can see why one waits (docs/batch.md "Queue").
        const [positions, computing, jobs] = await Promise.all([app.jobs.queuePositions(owner), app.jobs.computingCount(owner), app.jobs.list(owner, LIMITS.maxListedItems)]);
        const queue = { positions, computing, limit: app.config.batchMaxRunningPerOwner };
        return {
          body: {
            jobs: jobs.map((j) => ({
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
    }),
  );
  return routes;
}
