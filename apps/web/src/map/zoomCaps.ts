import type View from 'ol/View';

/**
 * Upper zoom limits asked for by what the map shows (spec 000 §9: 18 for my data and the HD map).
 * The lowest cap holds while any is set; with none the view's own maximum is back.
 */
export class ZoomCaps {
  private readonly caps = new Map<string, number>();

  constructor(
    private readonly view: () => View,
    private readonly uncapped: number,
  ) {}

  /** Set (a number) or lift (null) the cap named `reason`. */
  set(reason: string, maxZoom: number | null) {
    if (maxZoom === null) this.caps.delete(reason);
    else this.caps.set(reason, maxZoom);
    const max = Math.min(this.uncapped, ...this.caps.values());
    // OpenLayers steps a view closer than the new maximum back at once.
    if (this.view().getMaxZoom() !== max) this.view().setMaxZoom(max);
  }

  /** The cap in force, or the view's own maximum. */
  current(): number {
    return Math.min(this.uncapped, ...this.caps.values());
  }
}
