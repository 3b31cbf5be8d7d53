import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { defaultConnectionSettings, serverTimeoutOptions } from './connections';

describe('server timeouts from the environment', () => {
  it('default to the documented values and to Fastify options that turn none of them off', () => {
    const { http } = loadConfig({});
    expect(http).toEqual(defaultConnectionSettings);
    const options = serverTimeoutOptions(http);
    expect(options).toEqual({
      http: { headersTimeout: 30_000, requestTimeout: 300_000, connectionsCheckingInterval: 5_000 },
      requestTimeout: 300_000,
      keepAliveTimeout: 72_000,
      connectionTimeout: 210_000,
    });
  });

  it('sweep expired clocks every fifth of a short header timeout, in whole milliseconds', () => {
    const http = loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '1.5', HTTP_REQUEST_TIMEOUT_SECONDS: '4' }).http;
    expect(serverTimeoutOptions(http).http).toEqual({
      headersTimeout: 1500,
      requestTimeout: 4000,
      connectionsCheckingInterval: 300,
    });
  });

  it('refuse a timeout of 0 (it would turn the timeout off) and headers outlasting the request', () => {
    expect(() => loadConfig({ HTTP_IDLE_TIMEOUT_SECONDS: '0' })).toThrow(/HTTP_IDLE_TIMEOUT_SECONDS/);
    expect(() => loadConfig({ HTTP_MAX_CONNECTIONS: '-1' })).toThrow(/HTTP_MAX_CONNECTIONS/);
    expect(() =>
      loadConfig({ HTTP_HEADERS_TIMEOUT_SECONDS: '60', HTTP_REQUEST_TIMEOUT_SECONDS: '30' }),
    ).toThrow(/must not exceed/);
    expect(loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' }).http.maxConnectionsPerAddress).toBe(0);
  });
});
