// databaseUnavailable on the errors the real stack throws (issue 43 item 11): pg, Prisma's pg
// driver adapter (DriverAdapterError, its payload in `cause` with `kind` and `originalCode`) and
// the Prisma client (PrismaClientKnownRequestError with the adapter's error under
// `meta.driverAdapterError`), against a loopback server that answers PostgreSQL's startup with
// the error a busy or restarting server sends.
import net from 'node:net';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { PrismaClient } from './generated/client';
import { databaseUnavailable } from './unavailable';

const servers: net.Server[] = [];
afterAll(() => servers.forEach((s) => s.close()));

async function listen(onConnection: (sock: net.Socket) => void): Promise<number> {
  const server = net.createServer(onConnection);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as net.AddressInfo).port;
}

/** A server that answers the startup message with an ErrorResponse (protocol 3.0) and hangs up. */
const refusing = (code: string, message: string) =>
  listen((sock) =>
    sock.once('data', () => {
      const fields = Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0\0`);
      const head = Buffer.alloc(5);
      head.write('E', 0);
      head.writeInt32BE(fields.length + 4, 1);
      sock.end(Buffer.concat([head, fields]));
    }),
  );

/** Every way the app reaches the database: the client's model queries, raw SQL, an interactive transaction, the bare pool. */
async function failures(port: number): Promise<[string, unknown][]> {
  const url = `postgresql://quire@127.0.0.1:${port}/quire`;
  const db = new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
  const pool = new pg.Pool({ connectionString: url });
  const calls: [string, () => Promise<unknown>][] = [
    ['findFirst', () => db.team.findFirst()],
    ['$queryRaw', () => db.$queryRaw`SELECT 1`],
    ['$executeRaw', () => db.$executeRaw`SELECT 1`],
    ['$transaction', () => db.$transaction(async (tx) => tx.team.findFirst())],
    ['pg pool', () => pool.query('SELECT 1')],
  ];
  const out: [string, unknown][] = [];
  for (const [label, call] of calls) out.push([label, await call().then(() => new Error(`${label} succeeded`), (e: unknown) => e)]);
  await db.$disconnect();
  await pool.end();
  return out;
}

describe('databaseUnavailable on the errors of the real driver stack', () => {
  it('"too many connections" (53300), as Prisma raises it through the adapter (P2037, P2010)', async () => {
    const errors = await failures(await refusing('53300', 'sorry, too many clients already'));
    const [, findFirst] = errors[0]!;
    // The shape this function reads (if Prisma changes it, this says so first).
    expect(findFirst).toMatchObject({ code: 'P2037', meta: { driverAdapterError: { name: 'DriverAdapterError', cause: { kind: 'TooManyConnections', originalCode: '53300' } } } });
    for (const [label, e] of errors) expect(databaseUnavailable(e), label).toBe(true);
  });

  it('a server starting up or shutting down (57P03, 57P01: kind "postgres")', async () => {
    for (const [code, message] of [['57P03', 'the database system is starting up'], ['57P01', 'terminating connection due to administrator command']]) {
      for (const [label, e] of await failures(await refusing(code!, message!))) expect(databaseUnavailable(e), `${code} ${label}`).toBe(true);
    }
  });

  it('a connection the server drops, and a refused one', async () => {
    for (const [label, e] of await failures(await listen((sock) => sock.once('data', () => sock.destroy())))) expect(databaseUnavailable(e), label).toBe(true);
    const closed = await listen(() => {});
    servers.pop()!.close();
    for (const [label, e] of await failures(closed)) expect(databaseUnavailable(e), label).toBe(true);
  });

  it('the client code alone, should the adapter error be dropped on the way (P2037)', () => {
    expect(databaseUnavailable(Object.assign(new Error('Too many database connections opened'), { code: 'P2037' }))).toBe(true);
  });
});
