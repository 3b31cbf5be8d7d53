/** Stacking order of the map's layers; later issues put footprints between labels and saved areas. */
export const LayerZ = {
  naturalEarth: 0,
  baseTiles: 10,
  /** the HD image map's mosaics (the compared year one above): over the base map, under my data */
  hdMosaic: 12,
  /** delivered imagery (its swipe's right group one above): over the base map, under its labels */
  myData: 15,
  labels: 20,
  /** tasking passes: over the archive footprints (30–34), under saved areas */
  passes: 36,
  /** the cart's gap and the enlarged AOI: over the results and passes, under the saved and drawn AOIs */
  orderAreas: 38,
  /** the my-data lists' red and blue outlines */
  myDataOutlines: 39,
  savedAreas: 40,
  pois: 50,
  drawing: 60,
  measure: 70,
  searchedPoint: 90,
} as const;
