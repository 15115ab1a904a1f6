import { workerData } from 'piscina';
import type { Config } from '../config.js';
import { createLogger } from '../log.js';
import { openDatabase } from '../store/db.js';
import type { ArtefactBuilder, ArtefactInputs } from '../batch/artefacts.js';
import { FileStore } from '../batch/files.js';
import type { JobRecord } from '../batch/jobs.js';
import { createArtefactBuilder } from './index.js';

/**
 * An artefact thread (threaded-builder.ts): builds one workbook or report per
 * task with the reports module's builder, off the main thread that computes
 * chunks and serves HTTP. It opens its own connection to the database (the
 * report names the uploaded file) and logs through its own logger.
 */
export interface ArtefactThreadData {
  dbFile: string;
  config: Config;
  logLevel: string;
}

export interface ArtefactTask {
  step: 'workbook' | 'report';
  job: JobRecord;
  inputs: ArtefactInputs;
}

const data = workerData as ArtefactThreadData;
let builder: ArtefactBuilder | undefined;

export default function build(task: ArtefactTask): Promise<string | null> {
  builder ??= createArtefactBuilder({ files: new FileStore(openDatabase(data.dbFile)), config: data.config, log: createLogger(data.logLevel) });
  return builder[task.step](task.job, task.inputs);
}
