/** Fulfilment (issue 14): the order life cycle, tasking captures; its public face. */

export { capturedScene, cloudOverFootprint, decideCapture } from './captures';
export { cogEntryName } from './deliverables';
export { FulfilmentRepository, type MailFacts, type TermWork } from './fulfilment.repository';
export { type FulfilmentDeps, FulfilmentService, packageKey, type StepResult } from './fulfilment.service';
export { mailKindOf, statusFromTerms } from './life-cycle';
export { closeRasterThreads, deliverablesMaker } from './package-maker';
export type {
  CaptureCatalogue,
  FulfilmentScheduler,
  MadePackage,
  OrderMailer,
  PackageMaker,
  PackageStore,
} from './types';
