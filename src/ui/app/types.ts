/** The shapes of the public API responses the interface reads (docs/api.md, docs/batch.md, docs/lite.md). */
export type Mode = 'in_depth' | 'lite' | 'batch' | 'historic';

export interface PerilInfo {
  name: string;
  category: 'catastrophe' | 'weather';
  unit: string;
  thresholds: (string | number)[];
  lite_threshold: { threshold: string | number; description: string; us_only: boolean } | null;
  modes: Mode[];
  coverage: string;
}

export interface Schedule {
  schedule_id: string;
  name: string;
  line_of_business: string;
  file_id: string;
  rows: number;
  cleaned: boolean;
  created_at: string;
}

export type JobState = 'pending' | 'running' | 'complete' | 'failed' | 'cancelled';
export type JobKind = 'in_depth' | 'lite';

export interface JobSummary {
  job_id: string;
  kind: JobKind;
  file_id: string;
  status: JobState;
  attempt: number;
  processed_rows: number;
  total_rows: number | null;
  progress_percentage: number | null;
  submitted_at: string;
  /** Where the job stands and, when queued, why (docs/batch.md "Queue"). */
  stage: 'queued' | 'computing' | 'building_artefacts' | JobState;
  queue_position: number | null;
  waiting_for: 'owner_limit' | 'worker' | null;
}

export interface JobStatus {
  job_id: string;
  status: JobState;
  attempt: number;
  progress_percentage: number | null;
  error?: string | null;
  result_url?: string | null;
  report_url?: string | null;
  workbook_url?: string | null;
}

export interface LiteResponse {
  lat: number;
  lon: number;
  scores: Record<string, { score: number; band: string }>;
  unavailable: Record<string, { reason: string }>;
}

export interface CurveResult {
  peril: string;
  latitude: number;
  longitude: number;
  threshold: (string | number)[];
  probability: number[];
  return_period?: number[];
  unit: string;
}

export interface InDepthResponse {
  results: CurveResult[];
  failed_items: { stage: string; error: string; peril: string | null }[];
}

export interface HistoricEvent {
  external_id: string;
  name: string;
  start_date: string | null;
  end_date: string | null;
  year: number;
  size: { value: number; unit: string } | null;
  distance_km: number;
  source: string;
}

export interface EventListing {
  peril: string;
  query: { lat: number; lon: number; radius_km: number };
  count: number;
  matched: number;
  events: HistoricEvent[];
}

export interface FootprintVisual {
  stroke: string;
  fill: string;
  fill_opacity: number;
  stroke_width: number;
}

export interface FootprintCollection {
  features: { geometry: { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown }; properties: { visual?: FootprintVisual } }[];
  truncated: boolean;
}
