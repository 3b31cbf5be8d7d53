import { Piscina } from 'piscina';
import type { SceneRasterResult, SceneRasterTask } from './raster-types';
import { produceSceneRaster } from './raster-worker';

/**
 * Scene rasters are made off the calling thread: GDAL (WebAssembly) holds its thread for the
 * whole conversion, ≈ 0.3–1.5 s per scene, and loads ≈ 0.5 s the first time. One worker
 * thread by default (the machine's cores are shared with the server and the database; each
 * thread holds its own GDAL heap); idle threads end after a minute and never keep the process
 * alive (piscina unrefs idle workers).
 */
export interface SceneRasters {
  produce(task: SceneRasterTask): Promise<SceneRasterResult>;
}

export class WorkerSceneRasters implements SceneRasters {
  private pool: Piscina<SceneRasterTask, SceneRasterResult> | undefined;

  constructor(private readonly threads = 1) {}

  produce(task: SceneRasterTask): Promise<SceneRasterResult> {
    this.pool ??= new Piscina({
      filename: new URL('./raster-worker-entry.mjs', import.meta.url).href,
      minThreads: 0,
      maxThreads: this.threads,
      idleTimeout: 60_000,
      // geotiff imports web-worker, which in any worker thread destructures `workerData` and
      // throws when it is undefined; an empty object tells it this is no web worker of its own.
      workerData: {},
    });
    return this.pool.run(task);
  }

  /** Ends the threads (the process ends without this too). */
  async close(): Promise<void> {
    await this.pool?.destroy();
    this.pool = undefined;
  }
}

/** On the calling thread (blocks it while GDAL runs): for scripts that do nothing else. */
export const inThreadSceneRasters: SceneRasters = { produce: produceSceneRaster };

/** The process's raster threads. */
export const sceneRasters = new WorkerSceneRasters();
