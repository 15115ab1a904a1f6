import type { Logger } from 'pino';
import type { Config } from '../config.js';
import type { DataPaths } from '../store/paths.js';
import type { Engine } from '../engine/engine.js';
import type { FileRepository, JobRepository } from '../store/store.js';
import type { UrlSigner } from '../batch/signing.js';
import type { IntakeDeps } from '../batch/intake.js';
import type { Route } from '../http/types.js';
import type { Geocoder } from '../geo/index.js';

/**
 * What the routes may use of the assembled service. `App` satisfies it; the
 * routes depend on this and not on app.ts, so app.ts → api/* is the only
 * direction imports go (test/structure/import-cycles.test.ts).
 */
export interface ApiContext {
  readonly config: Config;
  readonly paths: DataPaths;
  readonly engine: Engine;
  readonly files: FileRepository;
  readonly jobs: JobRepository;
  readonly signer: UrlSigner;
  readonly intake: IntakeDeps;
  /** The in-process batch worker, woken when a job is submitted; null when jobs run elsewhere. */
  readonly worker: { wake(): void } | null;
  readonly log: Logger;
  /** The process's gazetteer, loaded on first use. */
  readonly geocoder: () => Geocoder;
  readonly router: { routes(): readonly Route[] };
  readonly clock: () => number;
  /** Run `close` at shutdown (resources routes open lazily). */
  onClose(close: () => void): void;
  version(): string;
}
