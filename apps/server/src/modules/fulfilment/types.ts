import type { SceneInput } from '../scenes/scenes.repository';
import type { MailFacts, TermWork } from './fulfilment.repository';

/**
 * What fulfilment asks of the world around it, as narrow interfaces: the job queue (jobs/), the
 * deliverables maker, object storage and mail (storage/, mail/) and the catalogue are handed in
 * by the composition root, so the rules here run the same in the server, the CLI and the tests.
 */

/** Puts fulfilment's next steps on the job queue; each call is idempotent per step and id. */
export interface FulfilmentScheduler {
  audit(orderId: number, at: Date): Promise<void>;
  deliver(termsId: number, at: Date): Promise<void>;
  capture(termsId: number, at: Date): Promise<void>;
  mail(orderId: number): Promise<void>;
}

/** A made package: a zip file in the work folder, not yet stored. */
export interface MadePackage {
  path: string;
  fileName: string;
  bytes: number;
  sha256: string;
}

/** Makes one terms entry's package (deliverables/): the same bytes for the same entry. */
export type PackageMaker = (term: TermWork, workDir: string) => Promise<MadePackage>;

/** The object store as fulfilment uses it. */
export interface PackageStore {
  put(key: string, source: { path: string }, options: { contentType: string }): Promise<unknown>;
  delete(key: string): Promise<void>;
}

/** Sends the orderer the mail about an order's final status. */
export type OrderMailer = (facts: MailFacts) => Promise<void>;

/** The catalogue as captures use it. */
export interface CaptureCatalogue {
  /** The satellite's agility and the bands of a sensor type; null if the satellite is gone. */
  satellite(
    satId: number,
    sensorType: number,
  ): Promise<{ maxOffNadirDeg: number; bands: SceneInput['bands']; groupName: string } | null>;
  addScene(scene: SceneInput): Promise<void>;
}
