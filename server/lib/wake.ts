// Services say "there is background work" without knowing who does it: a job (server/jobs/)
// registers what to run for a name when its process starts. Nobody registered (a script, a test
// calling services directly) means the work waits for the next poll or cron run.
type Handler = () => void;

const KEY = Symbol.for('quire.wake');
const handlers: Map<string, Handler> = ((globalThis as Record<symbol, unknown>)[KEY] as Map<string, Handler>) ?? new Map();
(globalThis as Record<symbol, unknown>)[KEY] = handlers;

export function onWake(name: string, handler: Handler) {
  handlers.set(name, handler);
}

export function wake(name: string) {
  handlers.get(name)?.();
}
