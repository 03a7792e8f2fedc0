// Exit codes and the one error type every command throws; main() turns it into stderr text
// and the process exit code.

/** Exit codes of `quire` (README "The CLI" and `quire --help` list them). */
export const EXIT = {
  ok: 0,
  error: 1, // an API error without a code of its own (400, 409, 422, 5xx) or anything else
  usage: 2, // wrong command line: unknown command or option, missing argument, bad value
  auth: 3, // not logged in, or the API answered 401 (also after a refresh)
  forbidden: 4, // 403: the token lacks the scope, or the plan or a frozen room refuses
  notFound: 5, // 404
  rateLimited: 6, // 429 (or 503) still after 3 retries
  network: 7, // the API or the issuer could not be reached
} as const;

export type ErrorEnvelope = { error: { code: string; message: string; doc_url?: string; details?: unknown } };

export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.error,
    /** The API's error envelope, when the error came from the API. */
    readonly envelope?: ErrorEnvelope,
  ) {
    super(message);
  }
}

export function exitCodeForStatus(status: number): number {
  if (status === 401) return EXIT.auth;
  if (status === 403) return EXIT.forbidden;
  if (status === 404) return EXIT.notFound;
  if (status === 429 || status === 503) return EXIT.rateLimited;
  return EXIT.error;
}

/** An error response of the API (the spec's envelope, or whatever else came back). */
export function apiError(status: number, body: unknown): CliError {
  const env = body as Partial<ErrorEnvelope> | null;
  if (env && typeof env === 'object' && env.error && typeof env.error.message === 'string') {
    return new CliError(env.error.message, exitCodeForStatus(status), env as ErrorEnvelope);
  }
  const text = typeof body === 'string' ? body.slice(0, 200) : '';
  return new CliError(`HTTP ${status}${text ? `: ${text}` : ''}`, exitCodeForStatus(status));
}

export const usage = (message: string) => new CliError(message, EXIT.usage);
