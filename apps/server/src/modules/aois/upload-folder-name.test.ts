import { Limits } from '@satportal/contract';
import { describe, expect, it } from 'vitest';
import { uniqueSiblingName, uploadFolderName } from './upload-folder-name';

describe('uploadFolderName', () => {
  it('is the base name without its extension', () => {
    expect(uploadFolderName('senate.zip')).toBe('senate');
    expect(uploadFolderName('Field plots 2024.geojson')).toBe('Field plots 2024');
    expect(uploadFolderName('areas.shp.zip')).toBe('areas.shp');
    expect(uploadFolderName('C:\\Users\\ann\\Desktop\\港口.kml')).toBe('港口');
    expect(uploadFolderName('  spaced  .kml')).toBe('spaced');
  });

  it('drops control and bidi characters, and keeps a name that is only an extension', () => {
    expect(uploadFolderName('a\u202Eb\u0007c.kml')).toBe('ab c');
    expect(uploadFolderName('.kml')).toBe('.kml');
  });

  it('is cut to the name limit', () => {
    expect([...uploadFolderName(`${'界'.repeat(60)}.kml`)]).toHaveLength(Limits.nameMax);
  });
});

describe('uniqueSiblingName', () => {
  it('keeps a free name and numbers a taken one from 2', () => {
    expect(uniqueSiblingName('senate', ['other'])).toBe('senate');
    expect(uniqueSiblingName('senate', ['senate'])).toBe('senate (2)');
    expect(uniqueSiblingName('senate', ['senate', 'senate (2)', 'senate (3)'])).toBe('senate (4)');
    // another case is another name
    expect(uniqueSiblingName('Senate', ['senate'])).toBe('Senate');
  });

  it('cuts the name so that the number still fits the limit', () => {
    const long = 'x'.repeat(Limits.nameMax);
    const second = uniqueSiblingName(long, [long]);
    expect(second).toBe(`${'x'.repeat(Limits.nameMax - 4)} (2)`);
    expect([...second]).toHaveLength(Limits.nameMax);
  });
});
