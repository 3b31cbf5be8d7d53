/**
 * Compare mode of the overlap box (spec 000 §4 "Compare", §9): 2 to 10 scenes in time order, one
 * slider step of 100 per scene; the opacity fades between neighbours as the slider moves.
 */
export const compareMin = 2;
export const compareMax = 10;
export const compareStep = 100;

export const canCompare = (count: number) => count >= compareMin && count <= compareMax;

/** The slider's range: 0 (the first scene alone) to 100 × (n − 1) (the last alone). */
export const compareSliderMax = (count: number) => compareStep * Math.max(0, count - 1);

/** Each scene's opacity at a slider value: 1 at its own step, fading to 0 at its neighbours'. */
export function compareOpacities(sceneIds: readonly string[], value: number): Record<string, number> {
  const position = value / compareStep;
  return Object.fromEntries(
    sceneIds.map((id, i) => [id, Math.round(Math.max(0, 1 - Math.abs(position - i)) * 1000) / 1000]),
  );
}

/** Scenes in acquisition order (oldest first), the order the slider walks through them. */
export function timeOrdered<T extends { sceneId: string; time: string }>(scenes: readonly T[]): T[] {
  return [...scenes].sort((a, b) => a.time.localeCompare(b.time) || a.sceneId.localeCompare(b.sceneId));
}
