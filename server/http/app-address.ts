// The client address of a viewer request. `npm start` (scripts/serve.ts) runs Next in its own
// process and hands it each request's socket address in a header it always overwrites; the app
// believes the header only when that server marked the process. Under bare `next start`
// (Vercel) the usual rules of server/rest/client-address.ts apply.
import { clientAddress, setSocketAddress } from './client-address';

export const SOCKET_ADDRESS_HEADER = 'x-quire-socket-address';
const SERVED = Symbol.for('quire.serve');

export const markServedByOwnServer = () => void ((globalThis as Record<symbol, unknown>)[SERVED] = true);
export const servedByOwnServer = () => (globalThis as Record<symbol, unknown>)[SERVED] === true;

/** The client address of a request to the app (a page, a route handler): socket or platform. */
export function appRequestAddress(req: Request): string {
  // Only our own server sets the header (it overwrites any the client sent); under bare
  // `next start` it is ignored and the usual rules apply.
  if (servedByOwnServer()) setSocketAddress(req, req.headers.get(SOCKET_ADDRESS_HEADER) ?? undefined);
  return clientAddress(req);
}
