// Settings → Security: the member's sessions and second factors, the team's security rules
// (dashboard only: no openapi meta).
import { router } from '../../trpc';
import { sessionsRouter } from './sessions';
import { teamSecurityRouter } from './team';
import { twoFactorRouter } from './two-factor';
import { passkeysRouter } from './passkeys';

export const securityRouter = router({
  sessions: sessionsRouter,
  team: teamSecurityRouter,
  twoFactor: twoFactorRouter,
  passkeys: passkeysRouter,
});
