// The rules of server/rest/idempotency.ts without a database (the claim SQL is mocked): which
// answers are kept, which free the key, what a replay, a mismatch and a running key answer, and
// the key's syntax. tests/idempotency.test.ts runs the same over HTTP on a real database.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../errors';
import { errorResponse, JsonAnswer, plainAnswer, type Answer } from '../http/envelope';

const service = vi.hoisted(() => ({
  claimIdempotencyKey: vi.fn(),
  finishIdempotencyKey: vi.fn(async () => {}),
  releaseIdempotencyKey: vi.fn(async () => {}),
  IDEMPOTENCY_KEY_MAX: 255,
}));
vi.mock('../services/idempotency', () => service);

const { idempotencyKeyOf, idempotent, requestFingerprint } = await import('./idempotency');

const o = { teamId: 'team1', key: 'k1', fingerprint: 'f', headers: { 'X-RateLimit-Limit': '60' } };
const parts = (a: Answer) => (a instanceof JsonAnswer ? { status: a.status, body: a.body, headers: a.headers } : plainAnswer(a)!);

beforeEach(() => {
  vi.clearAllMocks();
  service.claimIdempotencyKey.mockResolvedValue({ kind: 'claimed', claimId: 'c1' });
});

describe('idempotent()', () => {
  it('keeps a success and a 4xx answer', async () => {
    await idempotent(o, async () => new JsonAnswer('{"id":"x"}', 201, o.headers));
    expect(service.finishIdempotencyKey).toHaveBeenCalledWith('team1', 'k1', 'c1', { status: 201, body: '{"id":"x"}' });
    const refusal = errorResponse('not_found', 'Folder not found', null, o.headers);
    expect(parts(await idempotent(o, async () => refusal)).status).toBe(404);
    expect(service.finishIdempotencyKey).toHaveBeenLastCalledWith('team1', 'k1', 'c1', { status: 404, body: plainAnswer(refusal)!.body });
    expect(service.releaseIdempotencyKey).not.toHaveBeenCalled();
  });

  it.each([500, 503, 429])('frees the key after a %i (a retry runs again)', async (status) => {
    const code = status === 429 ? 'rate_limit_exceeded' : status === 503 ? 'service_unavailable' : 'internal_server_error';
    const a = await idempotent(o, async () => errorResponse(code, 'no', null, o.headers, status));
    expect(parts(a).status).toBe(status);
    expect(service.releaseIdempotencyKey).toHaveBeenCalledWith('team1', 'k1', 'c1');
    expect(service.finishIdempotencyKey).not.toHaveBeenCalled();
  });

  it('frees the key when the run throws, and passes the error on', async () => {
    await expect(idempotent(o, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(service.releaseIdempotencyKey).toHaveBeenCalledOnce();
  });

  it('answers anyway when the answer cannot be stored (the row is taken over once abandoned)', async () => {
    service.finishIdempotencyKey.mockRejectedValueOnce(new Error('connection lost'));
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(parts(await idempotent(o, async () => new JsonAnswer('{}', 201, {}))).status).toBe(201);
    expect(err).toHaveBeenCalled();
    err.mockRestore();
  });

  it('replays a stored answer with Idempotent-Replayed and this request\'s headers, without running', async () => {
    service.claimIdempotencyKey.mockResolvedValue({ kind: 'done', answer: { status: 422, body: '{"error":{}}' } });
    const run = vi.fn();
    const a = parts(await idempotent(o, run));
    expect(a).toMatchObject({ status: 422, body: '{"error":{}}', headers: { 'Idempotent-Replayed': 'true', 'X-RateLimit-Limit': '60' } });
    expect(run).not.toHaveBeenCalled();
  });

  it('a mismatch is 422 and a running key 409, both naming the header', async () => {
    service.claimIdempotencyKey.mockResolvedValueOnce({ kind: 'mismatch' });
    const mismatch = parts(await idempotent(o, vi.fn()));
    expect(mismatch.status).toBe(422);
    expect(JSON.parse(mismatch.body).error).toMatchObject({
      code: 'unprocessable_entity',
      details: { header: 'Idempotency-Key', formErrors: [], fieldErrors: { 'Idempotency-Key': [expect.any(String)] } },
    });
    service.claimIdempotencyKey.mockResolvedValueOnce({ kind: 'running' });
    const running = parts(await idempotent(o, vi.fn()));
    expect(running.status).toBe(409);
    expect(JSON.parse(running.body).error).toMatchObject({ code: 'conflict', details: { header: 'Idempotency-Key' } });
    expect(running.headers['X-RateLimit-Limit']).toBe('60');
  });
});

describe('idempotencyKeyOf()', () => {
  const req = (key?: string) => new Request('http://x/v1/folders', { method: 'POST', headers: key === undefined ? {} : { 'Idempotency-Key': key } });
  it('accepts 1 to 255 printable ASCII characters; none is null', () => {
    expect(idempotencyKeyOf(req())).toBeNull();
    for (const k of ['a', 'k'.repeat(255), '5f0c3a1e-8a43-4a8e-9d3b-2d6a4c1f7e90', 'with spaces ~!@#']) expect(idempotencyKeyOf(req(k))).toBe(k);
  });
  it('refuses an empty, too long or non-ASCII key with a 400 naming the header', () => {
    for (const k of ['', '   ', 'k'.repeat(256), 'caf\u00e9', 'tab\there']) {
      const e = idempotencyKeyOf(req(k));
      expect(e, JSON.stringify(k)).toBeInstanceOf(ApiError);
      expect(e).toMatchObject({ status: 400, code: 'bad_request', details: { header: 'Idempotency-Key' } });
    }
  });
});

describe('requestFingerprint()', () => {
  it('depends on method, path and body content, not on key order', () => {
    const f = requestFingerprint('POST', '/v1/folders', { name: 'a', parent_id: null, tags: [{ b: 1, a: 2 }] });
    expect(requestFingerprint('POST', '/v1/folders', { tags: [{ a: 2, b: 1 }], parent_id: null, name: 'a' })).toBe(f);
    expect(requestFingerprint('POST', '/v1/folders/', { name: 'a', parent_id: null, tags: [{ b: 1, a: 2 }] })).not.toBe(f);
    expect(requestFingerprint('POST', '/v1/folders', { name: 'a', parent_id: null, tags: [{ b: 1, a: 3 }] })).not.toBe(f);
    expect(requestFingerprint('POST', '/v1/folders', { name: 'a', tags: [{ b: 1, a: 2 }] })).not.toBe(f);
  });
});
