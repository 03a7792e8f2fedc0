import { afterEach, describe, expect, it } from 'vitest';
import { config } from './config';

// Validated values are remembered per raw text: a changed environment is still seen on the next
// read, and a bad value still fails every read.
describe('config', () => {
  const saved = { TRUST_PROXY_HOPS: process.env.TRUST_PROXY_HOPS, API_BASE_URL: process.env.API_BASE_URL };
  afterEach(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  });

  it('sees a setting that changes after it was read', () => {
    delete process.env.TRUST_PROXY_HOPS;
    expect(config.trustProxyHops).toBe(0);
    process.env.TRUST_PROXY_HOPS = '2';
    expect(config.trustProxyHops).toBe(2);
    expect(config.trustProxyHops).toBe(2);
    process.env.TRUST_PROXY_HOPS = '3';
    expect(config.trustProxyHops).toBe(3);
    process.env.API_BASE_URL = 'https://api.example.com/';
    expect(config.apiBaseUrl).toBe('https://api.example.com');
    process.env.API_BASE_URL = 'https://other.example.com';
    expect(config.apiBaseUrl).toBe('https://other.example.com');
  });

  it('refuses a bad value on every read, after a good one too', () => {
    process.env.TRUST_PROXY_HOPS = '1';
    expect(config.trustProxyHops).toBe(1);
    process.env.TRUST_PROXY_HOPS = '11';
    expect(() => config.trustProxyHops).toThrow(/TRUST_PROXY_HOPS is invalid/);
    expect(() => config.trustProxyHops).toThrow(/TRUST_PROXY_HOPS is invalid/);
    process.env.API_BASE_URL = 'ftp://example.com';
    expect(() => config.apiBaseUrl).toThrow(/API_BASE_URL is invalid/);
  });
});
