/**
 * The public API responses the interface reads, as the types of the service's
 * own response schemas (the same schemas the router documents and the tests
 * check every answer against), so the page cannot drift from the service.
 * Type imports only: nothing of the service is bundled into the page.
 */
import type { JobStatusBody, JobSummary as JobSummaryBody, Schedule as ScheduleBody } from '../../api/batch-schema.js';
import type { ResultObject, InDepthResponse as InDepthResponseBody } from '../../api/in-depth/schema.js';
import type { LiteResponse as LiteResponseBody } from '../../api/lite-schema.js';
import type { PerilInfo as PerilInfoBody } from '../../api/perils-schema.js';
import type { Breakdown as BreakdownBody, BreakdownItem as BreakdownItemBody, ExplainResponse as ExplainResponseBody } from '../../explain/schema.js';
import type { FootprintVisual as FootprintVisualBody, ListedEvent, EventListing as EventListingBody, ShapesResponse } from '../../historic/schema.js';

export type { Mode } from '../../auth/modes.js';
export type PerilInfo = PerilInfoBody;
export type Schedule = ScheduleBody;
export type JobSummary = JobSummaryBody;
export type JobState = JobSummary['status'];
export type JobKind = JobSummary['kind'];
export type JobStatus = JobStatusBody;
export type LiteResponse = LiteResponseBody;
export type CurveResult = ResultObject;
export type InDepthResponse = InDepthResponseBody;
export type HistoricEvent = ListedEvent;
export type EventListing = EventListingBody;
export type FootprintVisual = FootprintVisualBody;
export type FootprintCollection = ShapesResponse;
export type ExplainResponse = ExplainResponseBody;
export type Breakdown = BreakdownBody;
export type BreakdownItem = BreakdownItemBody;
