import { describe, expect, it } from 'vitest';
import { extensionOf, uploadAccept, uploadProblem } from './uploadChecks';

const MB = 1024 * 1024;

describe('uploadProblem', () => {
  it('accepts the spec formats up to 5 MB with a name under 50 characters', () => {
    for (const name of ['a.kml', 'b.KMZ', 'c.json', 'd.geojson', 'senate.zip', `${'n'.repeat(45)}.zip`]) {
      expect(uploadProblem({ name, size: 5 * MB })).toBeNull();
    }
  });

  it('refuses a name of 50 characters or more with tip.length50', () => {
    expect(uploadProblem({ name: `${'n'.repeat(46)}.zip`, size: 1 })?.key).toBe('tip.length50');
  });

  it('refuses other extensions with tip.errorFormat', () => {
    for (const name of ['a.shp', 'a.txt', 'kml', 'a.kml.exe', 'a.']) {
      expect(uploadProblem({ name, size: 1 })?.key).toBe('tip.errorFormat');
    }
  });

  it('refuses more than 5 MB with tip.errorSize500', () => {
    expect(uploadProblem({ name: 'a.zip', size: 5 * MB + 1 })?.key).toBe('tip.errorSize500');
  });

  it('checks in the server order: name, extension, size', () => {
    expect(uploadProblem({ name: `${'n'.repeat(60)}.txt`, size: 9 * MB })?.key).toBe('tip.length50');
    expect(uploadProblem({ name: 'a.txt', size: 9 * MB })?.key).toBe('tip.errorFormat');
  });
});

describe('extensionOf and uploadAccept', () => {
  it('reads the last extension in lower case', () => {
    expect(extensionOf('Area.Tar.GeoJSON')).toBe('geojson');
    expect(extensionOf('noextension')).toBe('');
    expect(uploadAccept).toBe('.kml,.kmz,.json,.geojson,.zip');
  });
});
