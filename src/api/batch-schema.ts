import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from './common.js';
import { JOB_KINDS, JOB_STATES, type JobStatus } from '../job-states.js';
import { LIMITS, wholeDays } from '../limits.js';

/**
 * What the batch routes answer (spec "Batch job status object", docs/batch.md):
 * uploads, submissions, a job's status, and the owner's job and schedule lists.
 * Pure TypeBox, so the web interface takes its types from here. The names of
 * kinds, states and stages are the batch module's (batch/jobs.ts, queue.ts):
 * the routes' reply types make the compiler check that every value it
 * produces is listed; kinds and states come from batch/job-states.ts.
 */
const JobKind = StringEnum(JOB_KINDS);
const JobState = StringEnum(JOB_STATES);
const Timestamp = Type.String({ format: 'date-time' });
const Percentage = Type.Union([Type.Integer({ minimum: 0, maximum: 100 }), Type.Null()]);
const SignedLink = Type.Union([Type.String({ description: `Pre-signed; expires ${wholeDays(LIMITS.signedUrlLifetimeMs)} days after the artefacts were built` }), Type.Null()]);

export const UploadResponse = Type.Object({ file_id: Type.String() });

export const SubmitResponse = Type.Object({ job_id: Type.String(), status: JobState, idempotency_key: Type.String() });

const Progress = {
  attempt: Type.Integer({ minimum: 0 }),
  processed_rows: Type.Integer({ minimum: 0 }),
  total_rows: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  progress_percentage: Percentage,
};

/** Before completion, and when failed or cancelled: the progress and the error; when complete: the links (members in the spec's order). */
export const JobStatusBody = Type.Union([
  Type.Object({ job_id: Type.String(), status: StringEnum(JOB_STATES.filter((s): s is Exclude<JobStatus, 'complete'> => s !== 'complete')), ...Progress, error: Type.Union([Type.String(), Type.Null()]) }),
  Type.Object({ job_id: Type.String(), status: Type.Literal('complete'), ...Progress, result_url: SignedLink, report_url: SignedLink, workbook_url: SignedLink }),
]);
export type JobStatusBody = Static<typeof JobStatusBody>;

/** One row of GET /v1/jobs: the status fields, and where the job stands (docs/batch.md "Queue"). */
export const JobSummary = Type.Object({
  job_id: Type.String(),
  kind: JobKind,
  file_id: Type.String(),
  status: JobState,
  ...Progress,
  submitted_at: Timestamp,
  stage: StringEnum(['queued', 'computing', 'building_artefacts', 'complete', 'failed', 'cancelled']),
  /** For a queued job, its place among the owner's queued jobs (1 = starts next). */
  queue_position: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  waiting_for: Type.Union([StringEnum(['owner_limit', 'worker']), Type.Null()]),
});
export type JobSummary = Static<typeof JobSummary>;

export const JobList = Type.Object({ jobs: Type.Array(JobSummary) });

/** A draft schedule, made from each upload (spec, batch upload). */
export const Schedule = Type.Object({
  schedule_id: Type.String(),
  name: Type.String(),
  line_of_business: Type.String(),
  file_id: Type.String(),
  rows: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  cleaned: Type.Boolean(),
  tenant: Type.String(),
  organisation: Type.String(),
  created_at: Timestamp,
});
export type Schedule = Static<typeof Schedule>;

export const ScheduleList = Type.Object({ schedules: Type.Array(Schedule) });
