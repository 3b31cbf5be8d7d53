/**
 * Compare mode of the overlap box (spec 000 §4 "Compare", §9): 2 to 10 scenes in time order, one
 * slider step of 100 per scene; the opacity fades between neighbours as the slider moves.
 */
export const compareMin = 2;
export const compareMax = 10;
export const compareStep = 100;
/**
 * Spec 000 §9 "compare zoom 13": starting compare brings the map to zoom 13 at the point clicked,
 * which lies in every compared scene, so that the swipe compares detail (issue 28 #8; it used to
 * fit their whole overlap, zoom 9 or so, where little can be told apart).
 */
export const compareZoom = 13;

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

/** The scene most visible at a slider value (index into the compared scenes). */
export const compareCurrent = (count: number, value: number) =>
  Math.min(Math.max(0, count - 1), Math.max(0, Math.round(value / compareStep)));

/**
 * The compared scenes still on the map (a right click or the list's eye removes one; a new search
 * removes them all), in their order; the slider value kept inside the shorter range.
 */
export function compareRemaining(
  compare: { sceneIds: readonly string[]; value: number },
  onMap: (sceneId: string) => boolean,
): { sceneIds: string[]; value: number } {
  const sceneIds = compare.sceneIds.filter(onMap);
  return { sceneIds, value: Math.min(compare.value, compareSliderMax(sceneIds.length)) };
}

/** Scenes in acquisition order (oldest first), the order the slider walks through them. */
export function timeOrdered<T extends { sceneId: string; time: string }>(scenes: readonly T[]): T[] {
  return [...scenes].sort((a, b) => a.time.localeCompare(b.time) || a.sceneId.localeCompare(b.sceneId));
}
