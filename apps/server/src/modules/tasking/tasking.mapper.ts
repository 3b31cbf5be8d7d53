import type { Satellite, SensorType, TaskingPass, TaskingPassDay } from '@satportal/contract';
import { footprintParts } from '../orbits/footprint';
import { roundGsd } from '../orbits/imaging';
import type { PredictedPass } from './prediction';

const round2 = (x: number) => Math.round(x * 100) / 100;

/** A predicted pass as the contract sends it (spec 000 §3 list item entry). */
export function toTaskingPass(
  pass: PredictedPass,
  sat: Satellite,
  elementsEpoch: Date,
  coverage: number,
  clearProbability: number,
): TaskingPass {
  return {
    enterTime: new Date(pass.enter).toISOString(),
    leaveTime: new Date(pass.leave).toISOString(),
    bestTime: new Date(pass.best).toISOString(),
    satId: sat.id,
    satName: sat.name,
    satGroupName: sat.category,
    noradId: sat.noradId,
    sensorType: pass.sensorType as SensorType,
    imageGsd: roundGsd(pass.gsd),
    offNadirAngle: round2(pass.lookOffNadirDeg),
    lookSide: pass.lookSide,
    orbit: pass.state.ascending ? 1 : 2,
    sunZenith: round2(pass.sunZenithDeg),
    boundaries: footprintParts(pass.footprint),
    elementsEpoch: elementsEpoch.toISOString(),
    cloudForecast: pass.cloudForecast,
    coverage,
    clearProbability: Math.round(clearProbability * 1000) / 1000,
  };
}

/** Passes grouped by the UTC day they enter on, days and passes in time order. */
export function groupByDay(passes: TaskingPass[]): TaskingPassDay[] {
  const days = new Map<string, TaskingPass[]>();
  for (const p of [...passes].sort((a, b) => a.enterTime.localeCompare(b.enterTime) || a.satId - b.satId)) {
    const date = p.enterTime.slice(0, 10);
    const day = days.get(date) ?? [];
    day.push(p);
    days.set(date, day);
  }
  return [...days].map(([date, item]) => ({ date, item }));
}
