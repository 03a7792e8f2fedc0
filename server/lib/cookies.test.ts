import { describe, expect, it } from 'vitest';
import { parseCookies } from './cookies';

describe('parseCookies', () => {
  it('reads a Cookie header as Next’s cookies() does', () => {
    expect(parseCookies('a=1; b=x%20y;c=%E0%A4%A; a=2; flag')).toEqual({ a: '2', b: 'x y', flag: 'true' });
    expect(parseCookies('next-auth.session-token=abc=def')).toEqual({ 'next-auth.session-token': 'abc=def' });
    expect(parseCookies(null)).toEqual({});
    expect(parseCookies('')).toEqual({});
  });
});
