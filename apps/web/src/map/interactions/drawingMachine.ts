import type { AoiGeoJson } from '@satportal/contract';
import type { CurrentAoi, DrawingTool, DrawnPoint, DrawnPolygon, MapEvents, Measurement } from '../types';

/**
 * The drawing and measuring tools as a pure state machine (spec 000 §2, 001 §2): which tool holds the
 * pointer, the drawn polygon (saved or not, reshapeable or not), the drawn point, the measurement and
 * the current AOI. `transition` takes the state and an input (a user intent, or what OpenLayers
 * reported) and returns the next state with the effects to carry out, in order: the map's events
 * and the commands to its interactions and layers. No `ol` here; `DrawingController` owns those.
 */
export interface DrawingState {
  tool: DrawingTool | null;
  /** The drawn polygon, with the AOI id it was saved as (null while unsaved). */
  polygon: { savedId: number | null } | null;
  /** The drawn polygon can be reshaped (its Modify interaction is on the map). */
  modifiable: boolean;
  point: boolean;
  measurement: Measurement | null;
  /** The kind of measurement being sketched (null: none); the sketch's end finishes it. */
  sketching: Measurement['kind'] | null;
  /** The AOI the next search uses: the drawn polygon or the last saved area shown. */
  current: CurrentAoi | null;
}

export const initialDrawingState: DrawingState = {
  tool: null,
  polygon: null,
  modifiable: false,
  point: false,
  measurement: null,
  sketching: null,
  current: null,
};

export type DrawingInput =
  /** Make a tool the one active tool (null: none). */
  | { type: 'startTool'; tool: DrawingTool | null }
  /** A sketch began (Draw's drawstart); `value` is its measured size so far. */
  | { type: 'sketchStarted'; value: number }
  /** The measurement sketch changed shape. */
  | { type: 'sketchChanged'; value: number }
  /** A sketch ended (Draw's drawend): the polygon, the point, or the measurement's final size. */
  | { type: 'polygonEnded'; polygon: DrawnPolygon }
  | { type: 'pointEnded'; point: DrawnPoint }
  | { type: 'measurementEnded'; value: number }
  /** The drawn polygon was reshaped (Modify's modifyend). */
  | { type: 'polygonReshaped'; polygon: DrawnPolygon }
  /** Draw has added the ended sketch to its layer (the `endToolSoon` timer). */
  | { type: 'sketchSettled' }
  | { type: 'deleteDrawing' }
  | { type: 'clearPoint' }
  /** Leave modify mode (after a search with results). */
  | { type: 'endModify' }
  /** The drawn polygon was saved as this AOI; `geojson` is its shape now. */
  | { type: 'polygonSaved'; id: number; name: string; geojson: AoiGeoJson }
  | { type: 'savedAreaShown'; area: { id: number; name: string; geojson: AoiGeoJson } }
  | { type: 'savedAreaHidden'; id: number }
  | { type: 'savedAreasCleared' }
  /** A key pressed anywhere; `target` is the tag name of the element it was pressed in. */
  | { type: 'key'; key: string; target: string };

type DrawingEventName =
  | 'toolChanged'
  | 'polygonDrawn'
  | 'pointDrawn'
  | 'measureChanged'
  | 'currentAoiChanged'
  | 'currentAoiRemoved'
  | 'aoiModifiableChanged';

export type DrawingEmit = {
  [K in DrawingEventName]: { type: 'emit'; name: K; payload: MapEvents[K] };
}[DrawingEventName];

export type DrawingEffect =
  | DrawingEmit
  /** Abort any sketch and take the Draw interaction off the map. */
  | { type: 'removeDraw' }
  /** Put a Draw interaction for `tool` on the map (the measuring tools draw into the measure layer). */
  | { type: 'addDraw'; tool: DrawingTool }
  | { type: 'finishSketch' }
  | { type: 'removeLastPoint' }
  /** Follow the measurement sketch's changes (`sketchChanged`). */
  | { type: 'followSketch' }
  /** Keep the ended sketch's feature as the drawn polygon or point. */
  | { type: 'keepSketch'; shape: 'polygon' | 'point' }
  | { type: 'removeShape'; shape: 'polygon' | 'point' }
  | { type: 'clearMeasureLayer' }
  /** Put a Modify interaction on the drawn polygon (`polygonReshaped` after each reshape). */
  | { type: 'addModify' }
  | { type: 'removeModify' }
  | { type: 'setModifyActive'; active: boolean }
  | { type: 'setCursor'; cursor: 'crosshair' | '' }
  /** Move the elements anchored beside the drawn shapes. */
  | { type: 'updateAnchors' }
  /** Send `sketchSettled` once Draw has added the ended sketch to its layer (after this task). */
  | { type: 'settleSoon' };

export const isMeasuring = (tool: DrawingTool | null) => tool === 'measureLength' || tool === 'measureArea';

/** Keys inside these elements belong to the element (a name being typed), not to the drawing tools. */
const typingTargets = new Set(['INPUT', 'TEXTAREA', 'SELECT']);

export function transition(
  state: DrawingState,
  input: DrawingInput,
): { state: DrawingState; effects: DrawingEffect[] } {
  const step = new Step(state);
  step.apply(input);
  return { state: step.state, effects: step.effects };
}

/** One transition: a working copy of the state and the effects gathered so far. */
class Step {
  readonly state: DrawingState;
  readonly effects: DrawingEffect[] = [];

  constructor(state: DrawingState) {
    this.state = { ...state, polygon: state.polygon && { ...state.polygon } };
  }

  apply(input: DrawingInput) {
    const s = this.state;
    switch (input.type) {
      case 'startTool':
        return this.startTool(input.tool);
      case 'sketchStarted':
        if (!isMeasuring(s.tool)) return;
        this.clearMeasurement();
        s.sketching = s.tool === 'measureLength' ? 'length' : 'area';
        this.effects.push({ type: 'followSketch' });
        return this.measure(s.sketching, input.value, false);
      case 'sketchChanged':
        if (s.sketching) this.measure(s.sketching, input.value, false);
        return;
      case 'measurementEnded':
        if (s.sketching) this.measure(s.sketching, input.value, true);
        s.sketching = null;
        return;
      case 'polygonEnded':
        this.removePolygon();
        s.polygon = { savedId: null };
        this.effects.push({ type: 'keepSketch', shape: 'polygon' }, { type: 'addModify' });
        s.modifiable = true;
        this.emit('aoiModifiableChanged', true);
        this.polygonChanged(input.polygon);
        this.effects.push({ type: 'settleSoon' });
        return;
      case 'pointEnded':
        this.clearPoint();
        s.point = true;
        this.effects.push({ type: 'keepSketch', shape: 'point' }, { type: 'updateAnchors' });
        this.emit('pointDrawn', input.point);
        this.effects.push({ type: 'settleSoon' });
        return;
      case 'polygonReshaped':
        return this.polygonChanged(input.polygon);
      case 'sketchSettled':
        if (s.tool === 'polygon' || s.tool === 'point') this.startTool(null);
        return;
      case 'deleteDrawing':
        this.startTool(null);
        this.removePolygon({ removed: true });
        this.clearPoint();
        return this.clearMeasurement();
      case 'clearPoint':
        return this.clearPoint();
      case 'endModify':
        return this.endModify();
      case 'polygonSaved':
        if (!s.polygon) return;
        s.polygon.savedId = input.id;
        return this.setCurrent({ id: input.id, name: input.name, geojson: input.geojson });
      case 'savedAreaShown':
        return this.setCurrent({ ...input.area });
      case 'savedAreaHidden':
        // Its AOI was deleted: the drawn polygon saved under that id goes as well.
        if (s.polygon?.savedId === input.id) return this.removePolygon({ removed: true });
        if (s.current?.id === input.id) this.removeCurrent();
        return;
      case 'savedAreasCleared':
        if (s.current?.id != null && s.polygon?.savedId !== s.current.id) this.removeCurrent();
        return;
      case 'key':
        if (!s.tool || typingTargets.has(input.target)) return;
        if (input.key === 'Escape') this.startTool(null);
        // Enter on a focused button is that button's click (a tool button toggles its tool).
        else if (input.key === 'Enter' && input.target !== 'BUTTON')
          this.effects.push({ type: 'finishSketch' });
        else if (input.key === 'Backspace') this.effects.push({ type: 'removeLastPoint' });
        return;
    }
  }

  /**
   * One tool at a time. A polygon or a point ends the tool when finished; the measuring tools stay
   * on, each new measurement replacing the last, and take their measurement with them when left
   * (a measurement is a look, not a shape to keep: left on the map it hides what lies under it).
   */
  private startTool(tool: DrawingTool | null) {
    const s = this.state;
    this.effects.push({ type: 'removeDraw' });
    if (tool !== s.tool && (isMeasuring(s.tool) || isMeasuring(tool))) this.clearMeasurement();
    else if (s.measurement && !s.measurement.finished) this.clearMeasurement();
    s.tool = tool;
    if (tool) this.effects.push({ type: 'addDraw', tool });
    // Reshaping the drawn polygon only while no tool holds the pointer.
    if (s.modifiable) this.effects.push({ type: 'setModifyActive', active: tool === null });
    this.effects.push({ type: 'setCursor', cursor: tool ? 'crosshair' : '' });
    this.emit('toolChanged', tool);
  }

  private measure(kind: Measurement['kind'], value: number, finished: boolean) {
    this.state.measurement = { kind, value, finished };
    this.effects.push({ type: 'updateAnchors' });
    this.emit('measureChanged', { ...this.state.measurement });
  }

  /** A new or reshaped polygon is the current AOI, unsaved: a reshape must be saved again. */
  private polygonChanged(polygon: DrawnPolygon) {
    const s = this.state;
    if (!s.polygon) return;
    s.polygon.savedId = null;
    this.effects.push({ type: 'updateAnchors' });
    this.emit('polygonDrawn', polygon);
    this.setCurrent({ id: null, name: null, geojson: polygon.geojson });
  }

  private endModify() {
    if (!this.state.modifiable) return;
    this.state.modifiable = false;
    this.effects.push({ type: 'removeModify' });
    this.emit('aoiModifiableChanged', false);
  }

  /**
   * Remove the drawn polygon; if it is the current AOI, there is none then. `removed`: taken away
   * (deleted), not replaced by a new polygon, so what was derived from it goes too.
   */
  private removePolygon(options: { removed?: boolean } = {}) {
    const s = this.state;
    this.endModify();
    if (!s.polygon) return;
    this.effects.push({ type: 'removeShape', shape: 'polygon' });
    const wasCurrent = s.current && (s.current.id === null || s.current.id === s.polygon.savedId);
    s.polygon = null;
    this.effects.push({ type: 'updateAnchors' });
    this.emit('polygonDrawn', null);
    if (wasCurrent && options.removed) this.removeCurrent();
    else if (wasCurrent) this.setCurrent(null);
  }

  /** The current AOI left the map (not replaced): tell it, then that there is none. */
  private removeCurrent() {
    const removed = this.state.current;
    if (!removed) return;
    this.emit('currentAoiRemoved', { ...removed });
    this.setCurrent(null);
  }

  private clearPoint() {
    if (!this.state.point) return;
    this.state.point = false;
    this.effects.push({ type: 'removeShape', shape: 'point' }, { type: 'updateAnchors' });
    this.emit('pointDrawn', null);
  }

  private clearMeasurement() {
    const s = this.state;
    this.effects.push({ type: 'clearMeasureLayer' });
    s.sketching = null;
    if (!s.measurement) return;
    s.measurement = null;
    this.effects.push({ type: 'updateAnchors' });
    this.emit('measureChanged', null);
  }

  private setCurrent(current: CurrentAoi | null) {
    this.state.current = current;
    this.emit('currentAoiChanged', current ? { ...current } : null);
  }

  private emit<K extends DrawingEventName>(name: K, payload: MapEvents[K]) {
    this.effects.push({ type: 'emit', name, payload } as DrawingEmit);
  }
}
