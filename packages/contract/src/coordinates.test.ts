import { describe, expect, it } from 'vitest';
import { parseCoordinates } from './coordinates';

const close = (input: string, lat: number, lng: number) => {
  const p = parseCoordinates(input);
  expect(p, input).not.toBeNull();
  expect(p?.lat, input).toBeCloseTo(lat, 9);
  expect(p?.lng, input).toBeCloseTo(lng, 9);
};

describe('coordinate search', () => {
  it('reads decimal lat,lon', () => {
    close('39.9042,116.4074', 39.9042, 116.4074);
    close('  39.9042 , 116.4074  ', 39.9042, 116.4074);
    close('-33.8688,151.2093', -33.8688, 151.2093);
    close('+10,-20.5', 10, -20.5);
    close('0,0', 0, 0);
    close('90,179.999999', 90, 179.999999);
    close('-90,-179.999999', -90, -179.999999);
    close('39.9042，116.4074', 39.9042, 116.4074);
  });

  it('reads degrees, minutes and seconds with hemispheres (S and W negative)', () => {
    close(`39°54'15"N,116°24'27"E`, 39 + 54 / 60 + 15 / 3600, 116 + 24 / 60 + 27 / 3600);
    close(`33°52'S, 151°12'E`, -(33 + 52 / 60), 151 + 12 / 60);
    close(`40°26'46"N,79°58'56"W`, 40 + 26 / 60 + 46 / 3600, -(79 + 58 / 60 + 56 / 3600));
    close(`N 40°26'46", W 79°58'56"`, 40 + 26 / 60 + 46 / 3600, -(79 + 58 / 60 + 56 / 3600));
    close(`40° 26′ 46″ N, 79° 58′ 56″ W`, 40 + 26 / 60 + 46 / 3600, -(79 + 58 / 60 + 56 / 3600));
    close(`51°30.5'N,0°7.5'W`, 51 + 30.5 / 60, -7.5 / 60);
    close(`12°30'15.5"s,45°e`, -(12 + 30 / 60 + 15.5 / 3600), 45);
    close('39.9042N,116.4074E', 39.9042, 116.4074);
    close('39.9042 S,116.4074 W', -39.9042, -116.4074);
    close("-12°30',45°", -12.5, 45);
    close(`22°N,114°10'E`, 22, 114 + 10 / 60);
  });

  it('refuses anything that is not exactly one lat,lon pair in range', () => {
    for (const bad of [
      '',
      '   ',
      '39.9042',
      '39.9042 116.4074',
      '1,2,3',
      '39,9042,116,4074',
      ',',
      '39.9042,',
      ',116.4074',
      '91,0',
      '-90.0001,0',
      '0,180',
      '0,-180',
      '0,180.5',
      '0,200',
      'abc,def',
      '1e2,3',
      '0x10,5',
      '39.9042N,116.4074N',
      '116.4074E,39.9042N',
      '39.9042E,116.4074N',
      '-39.9042S,116.4074E',
      `39°60'N,116°E`,
      `39°30'60"N,116°E`,
      `39.5°30'N,116°E`,
      `39°30.5'15"N,116°E`,
      `91°N,0°E`,
      `0°N,180°E`,
      'N39N,116',
      '39.9042NN,116.4074',
      '39.,116',
      '.5,116',
      'NaN,0',
      'Infinity,0',
    ]) {
      expect(parseCoordinates(bad), bad).toBeNull();
    }
  });
});
