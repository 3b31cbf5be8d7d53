// A URL, not a module: the 750 kB TopoJSON is fetched by the map, never put in the JS bundle.
import naturalEarthUrl from 'world-atlas/countries-50m.json?url';

export { naturalEarthUrl };
