import { describe, expect, it } from 'vitest';
import { squareWithHole } from '../testShapes';
import type { DrawnPolygon } from '../types';
import {
  type DrawingEffect,
  type DrawingInput,
  type DrawingState,
  initialDrawingState,
  transition,
} from './drawingMachine';

const square: DrawnPolygon = {
  geojson: { type: 'Polygon', coordinates: [squareWithHole[0]!] },
  areaKm2: 49000,
  modified: false,
};
const reshaped: DrawnPolygon = { ...square, areaKm2: 13000, modified: true };
const savedArea = { id: 7, name: 'Fields', geojson: square.geojson };

/** Runs inputs from a state; the effects of the last input, and every event emitted on the way. */
function run(inputs: DrawingInput[], from: DrawingState = initialDrawingState) {
  let state = from;
  let effects: DrawingEffect[] = [];
  const events: Array<[string, unknown]> = [];
  for (const input of inputs) {
    ({ state, effects } = transition(state, input));
    for (const e of effects) if (e.type === 'emit') events.push([e.name, e.payload]);
  }
  const commands = effects.filter((e) => e.type !== 'emit').map((e) => e.type);
  return { state, effects, events, commands };
}

const drawPolygon: DrawingInput[] = [
  { type: 'startTool', tool: 'polygon' },
  { type: 'sketchStarted', value: 0 },
  { type: 'polygonEnded', polygon: square },
  { type: 'sketchSettled' },
];

describe('one tool at a time (spec 000 §2)', () => {
  it('puts the tool’s Draw on the map with a crosshair, and tells', () => {
    const { state, effects } = run([{ type: 'startTool', tool: 'polygon' }]);
    expect(state.tool).toBe('polygon');
    expect(effects).toEqual([
      { type: 'removeDraw' },
      { type: 'addDraw', tool: 'polygon' },
      { type: 'setCursor', cursor: 'crosshair' },
      { type: 'emit', name: 'toolChanged', payload: 'polygon' },
    ]);
  });

  it('takes the last tool’s Draw off before the next one’s goes on; null ends the tool', () => {
    const next = run([
      { type: 'startTool', tool: 'polygon' },
      { type: 'startTool', tool: 'point' },
    ]);
    expect(next.commands.slice(0, 2)).toEqual(['removeDraw', 'addDraw']);
    const none = run([{ type: 'startTool', tool: null }], next.state);
    expect(none.state.tool).toBeNull();
    expect(none.effects).toContainEqual({ type: 'setCursor', cursor: '' });
    expect(none.events).toEqual([['toolChanged', null]]);
  });

  it('ends the tool with Esc, finishes with Enter, removes the last point with Backspace', () => {
    const on = run([{ type: 'startTool', tool: 'measureLength' }]).state;
    expect(run([{ type: 'key', key: 'Escape', target: 'DIV' }], on).state.tool).toBeNull();
    expect(run([{ type: 'key', key: 'Enter', target: 'BODY' }], on).commands).toEqual(['finishSketch']);
    expect(run([{ type: 'key', key: 'Backspace', target: 'CANVAS' }], on).commands).toEqual([
      'removeLastPoint',
    ]);
  });

  it('leaves keys to a name being typed, to a focused button’s Enter, and to the page without a tool', () => {
    const on = run([{ type: 'startTool', tool: 'polygon' }]).state;
    for (const target of ['INPUT', 'TEXTAREA', 'SELECT'])
      expect(run([{ type: 'key', key: 'Escape', target }], on).effects).toEqual([]);
    expect(run([{ type: 'key', key: 'Enter', target: 'BUTTON' }], on).effects).toEqual([]);
    expect(run([{ type: 'key', key: 'Escape', target: 'DIV' }]).effects).toEqual([]);
  });
});

describe('the drawn polygon', () => {
  it('becomes the current AOI, unsaved and reshapeable; the tool ends once Draw has added it', () => {
    const ended = run(drawPolygon.slice(0, 3));
    expect(ended.state).toMatchObject({ tool: 'polygon', polygon: { savedId: null }, modifiable: true });
    expect(ended.effects).toEqual([
      { type: 'keepSketch', shape: 'polygon' },
      { type: 'addModify' },
      { type: 'emit', name: 'aoiModifiableChanged', payload: true },
      { type: 'updateAnchors' },
      { type: 'emit', name: 'polygonDrawn', payload: square },
      { type: 'emit', name: 'currentAoiChanged', payload: { id: null, name: null, geojson: square.geojson } },
      { type: 'settleSoon' },
    ]);
    const settled = run([{ type: 'sketchSettled' }], ended.state);
    expect(settled.state.tool).toBeNull();
    // Reshaping is possible again once no tool holds the pointer.
    expect(settled.effects).toContainEqual({ type: 'setModifyActive', active: true });
  });

  it('replaces the earlier polygon, which leaves first', () => {
    const first = run(drawPolygon).state;
    const { events, commands } = run(drawPolygon.slice(0, 3), first);
    expect(commands).toContain('removeModify');
    expect(commands.indexOf('removeShape')).toBeLessThan(commands.indexOf('keepSketch'));
    expect(events.map(([name]) => name)).toEqual([
      'toolChanged',
      'aoiModifiableChanged',
      'polygonDrawn',
      'currentAoiChanged',
      'aoiModifiableChanged',
      'polygonDrawn',
      'currentAoiChanged',
    ]);
    expect(events[2]).toEqual(['polygonDrawn', null]);
  });

  it('is unsaved again after a reshape', () => {
    const saved = run([...drawPolygon, { type: 'polygonSaved', ...savedArea }]);
    expect(saved.state.current).toEqual(savedArea);
    const { state, events } = run([{ type: 'polygonReshaped', polygon: reshaped }], saved.state);
    expect(state.polygon?.savedId).toBeNull();
    expect(events).toEqual([
      ['polygonDrawn', reshaped],
      ['currentAoiChanged', { id: null, name: null, geojson: square.geojson }],
    ]);
  });

  it('leaves modify mode once (after a search), and a tool then leaves Modify alone', () => {
    const drawn = run(drawPolygon).state;
    const ended = run([{ type: 'endModify' }], drawn);
    expect(ended.state.modifiable).toBe(false);
    expect(ended.effects).toEqual([
      { type: 'removeModify' },
      { type: 'emit', name: 'aoiModifiableChanged', payload: false },
    ]);
    expect(run([{ type: 'endModify' }], ended.state).effects).toEqual([]);
    expect(run([{ type: 'startTool', tool: 'point' }], ended.state).commands).not.toContain(
      'setModifyActive',
    );
  });

  it('stays the current AOI when saved and the shown areas are cleared; goes when its saved AOI is deleted', () => {
    const saved = run([...drawPolygon, { type: 'polygonSaved', ...savedArea }]).state;
    expect(run([{ type: 'savedAreasCleared' }], saved).state.current).toEqual(savedArea);
    const deleted = run([{ type: 'savedAreaHidden', id: 7 }], saved);
    expect(deleted.state.polygon).toBeNull();
    expect(deleted.state.current).toBeNull();
    expect(deleted.commands).toContain('removeShape');
    expect(deleted.events).toEqual([
      ['aoiModifiableChanged', false],
      ['polygonDrawn', null],
      ['currentAoiRemoved', savedArea],
      ['currentAoiChanged', null],
    ]);
    // Another AOI's deletion leaves it.
    expect(run([{ type: 'savedAreaHidden', id: 8 }], saved).state.current).toEqual(savedArea);
  });

  it('is removed (what was derived from it goes) when deleted, only replaced when another is drawn', () => {
    const drawn = run(drawPolygon).state;
    const removed = { id: null, name: null, geojson: square.geojson };
    expect(run([{ type: 'deleteDrawing' }], drawn).events).toContainEqual(['currentAoiRemoved', removed]);
    const redrawn = run(
      [
        { type: 'startTool', tool: 'polygon' },
        { type: 'polygonEnded', polygon: reshaped },
      ],
      drawn,
    );
    expect(redrawn.events.map(([name]) => name)).not.toContain('currentAoiRemoved');
  });

  it('cannot be saved once gone', () => {
    const { state, effects } = run([{ type: 'polygonSaved', ...savedArea }]);
    expect(state.current).toBeNull();
    expect(effects).toEqual([]);
  });
});

describe('the current AOI from the AOI centre', () => {
  it('is the last saved area shown, until it is hidden or the areas are cleared', () => {
    const shown = run([{ type: 'savedAreaShown', area: savedArea }]);
    expect(shown.events).toEqual([['currentAoiChanged', savedArea]]);
    expect(run([{ type: 'savedAreaHidden', id: 8 }], shown.state).state.current).toEqual(savedArea);
    expect(run([{ type: 'savedAreaHidden', id: 7 }], shown.state).events).toEqual([
      ['currentAoiRemoved', savedArea],
      ['currentAoiChanged', null],
    ]);
    expect(run([{ type: 'savedAreasCleared' }], shown.state).state.current).toBeNull();
  });

  it('stays when the drawn polygon goes, unless the polygon was it', () => {
    const drawnThenShown = run([...drawPolygon, { type: 'savedAreaShown', area: savedArea }]).state;
    expect(run([{ type: 'deleteDrawing' }], drawnThenShown).state.current).toEqual(savedArea);
    const drawn = run(drawPolygon).state;
    expect(run([{ type: 'deleteDrawing' }], drawn).state.current).toBeNull();
  });
});

describe('the drawn point', () => {
  const point = { lat: 39.9, lon: 116.4, pixel: [200, 150] as [number, number] };

  it('is kept and told, replacing an earlier one; the tool ends once Draw has added it', () => {
    const first = run([
      { type: 'startTool', tool: 'point' },
      { type: 'pointEnded', point },
    ]);
    expect(first.effects).toEqual([
      { type: 'keepSketch', shape: 'point' },
      { type: 'updateAnchors' },
      { type: 'emit', name: 'pointDrawn', payload: point },
      { type: 'settleSoon' },
    ]);
    const second = run([{ type: 'pointEnded', point }], first.state);
    expect(second.commands[0]).toBe('removeShape');
    expect(second.events).toEqual([
      ['pointDrawn', null],
      ['pointDrawn', point],
    ]);
    expect(run([{ type: 'sketchSettled' }], first.state).state.tool).toBeNull();
  });

  it('goes on request (its popup closed, its POI deleted), once', () => {
    const drawn = run([
      { type: 'startTool', tool: 'point' },
      { type: 'pointEnded', point },
    ]).state;
    const cleared = run([{ type: 'clearPoint' }], drawn);
    expect(cleared.events).toEqual([['pointDrawn', null]]);
    expect(run([{ type: 'clearPoint' }], cleared.state).effects).toEqual([]);
  });
});

describe('measuring', () => {
  const measuring = (tool: 'measureLength' | 'measureArea') => [
    { type: 'startTool', tool } as const,
    { type: 'sketchStarted', value: 0 } as const,
  ];

  it('tells the size live while drawing, then finished; the tool stays on', () => {
    const { events, state } = run([
      ...measuring('measureLength'),
      { type: 'sketchChanged', value: 12.5 },
      { type: 'measurementEnded', value: 20 },
      { type: 'sketchSettled' },
    ]);
    expect(events.filter(([name]) => name === 'measureChanged').map(([, m]) => m)).toEqual([
      { kind: 'length', value: 0, finished: false },
      { kind: 'length', value: 12.5, finished: false },
      { kind: 'length', value: 20, finished: true },
    ]);
    expect(state.tool).toBe('measureLength');
  });

  it('follows only a measuring tool’s sketch', () => {
    const { effects } = run([
      { type: 'startTool', tool: 'polygon' },
      { type: 'sketchStarted', value: 0 },
    ]);
    expect(effects).toEqual([]);
    expect(run(measuring('measureArea')).commands).toEqual([
      'clearMeasureLayer',
      'followSketch',
      'updateAnchors',
    ]);
  });

  it('replaces the last measurement with the next one', () => {
    const finished = run([...measuring('measureArea'), { type: 'measurementEnded', value: 3 }]).state;
    const { events } = run([{ type: 'sketchStarted', value: 0 }], finished);
    expect(events).toEqual([
      ['measureChanged', null],
      ['measureChanged', { kind: 'area', value: 0, finished: false }],
    ]);
  });

  it('drops a finished measurement when its tool is left: for another tool, none, or Esc', () => {
    const finished = run([...measuring('measureLength'), { type: 'measurementEnded', value: 3 }]).state;
    for (const input of [
      { type: 'startTool', tool: 'polygon' },
      { type: 'startTool', tool: null },
      { type: 'startTool', tool: 'measureArea' },
      { type: 'key', key: 'Escape', target: 'DIV' },
    ] as const) {
      const left = run([input], finished);
      expect(left.state.measurement).toBeNull();
      expect(left.commands).toContain('clearMeasureLayer');
      expect(left.events).toContainEqual(['measureChanged', null]);
    }
    // Staying on the tool keeps it until the next measurement begins.
    expect(run([{ type: 'sketchSettled' }], finished).state.measurement).not.toBeNull();
  });

  it('drops an unfinished measurement with its tool, and ignores its sketch afterwards', () => {
    const drawing = run([...measuring('measureLength'), { type: 'sketchChanged', value: 4 }]).state;
    const ended = run([{ type: 'key', key: 'Escape', target: 'DIV' }], drawing);
    expect(ended.state.measurement).toBeNull();
    expect(ended.events).toEqual([
      ['measureChanged', null],
      ['toolChanged', null],
    ]);
    expect(run([{ type: 'sketchChanged', value: 9 }], ended.state).effects).toEqual([]);
  });
});

describe('delete drawing', () => {
  it('ends the tool and removes the polygon, the point and the measurement', () => {
    const point = { lat: 1, lon: 2, pixel: [0, 0] as [number, number] };
    const all = run([
      ...drawPolygon,
      { type: 'startTool', tool: 'point' },
      { type: 'pointEnded', point },
      { type: 'sketchSettled' },
      { type: 'startTool', tool: 'measureArea' },
      { type: 'sketchStarted', value: 0 },
      { type: 'measurementEnded', value: 2 },
    ]).state;
    const { state, events } = run([{ type: 'deleteDrawing' }], all);
    expect(state).toEqual(initialDrawingState);
    expect(events).toEqual([
      ['measureChanged', null],
      ['toolChanged', null],
      ['aoiModifiableChanged', false],
      ['polygonDrawn', null],
      ['currentAoiRemoved', { id: null, name: null, geojson: square.geojson }],
      ['currentAoiChanged', null],
      ['pointDrawn', null],
    ]);
  });
});

it('never changes the state it is given', () => {
  const drawn = run(drawPolygon).state;
  const copy = structuredClone(drawn);
  transition(drawn, { type: 'polygonSaved', ...savedArea });
  transition(drawn, { type: 'deleteDrawing' });
  expect(drawn).toEqual(copy);
});
