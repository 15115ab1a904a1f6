import { workerData } from 'piscina';
import type { Config } from '../config.js';
import { createLogger } from '../log.js';
import type { ArtefactBuilder, ArtefactInputs } from '../batch/artefacts.js';
import type { JobRecord } from '../store/records.js';
import { createArtefactBuilder } from './index.js';

/**
 * An artefact thread (threaded-builder.ts): builds one workbook or report per
 * task with the reports module's builder, off the main thread that computes
 * chunks and serves HTTP. It needs no store: the task carries what the
 * artefacts show (the uploaded file's name included). It logs through its own logger.
 */
export interface ArtefactThreadData {
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
  builder ??= createArtefactBuilder({ config: data.config, log: createLogger(data.logLevel) });
  return builder[task.step](task.job, task.inputs);
}
