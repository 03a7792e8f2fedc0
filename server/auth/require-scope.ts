// A token must hold the scope of what it does (dashboard members act with every scope of their
// team). One message for every operation: teamProcedure checks an operation's own scope here,
// a service the second scope a filter needs (a search narrowed to a data room).
import { ApiError } from '../errors';
import type { Scope } from '../../lib/shared/scopes';
import type { Actor } from './actor';

export function requireScope(actor: Actor, scope: Scope): void {
  if (actor.kind === 'token' && !actor.scopes.has(scope)) {
    throw new ApiError('forbidden', `This token lacks the "${scope}" scope required by this operation.`, { required_scope: scope });
  }
}
