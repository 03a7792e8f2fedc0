// Enterprise sign-in settings of the selected team (dashboard only; changes are admin-only):
// the SAML connection and the SCIM token (Settings → Security).
import { createScimToken, revokeScimToken, scimTokenStatus } from '../../services/scim/tokens';
import { configureSamlConnection, getSamlConnection, refreshSamlConnection, removeSamlConnection } from '../../services/sso/connection';
import { memberProcedure, router } from '../../trpc';
import { ConfigureSamlInput } from './schemas';

export const ssoRouter = router({
  saml: memberProcedure.query(({ ctx }) => getSamlConnection(ctx.actor)),
  /** Metadata (XML or URL), email domains and "Require SSO"; a later call may change any of them. */
  configureSaml: memberProcedure.input(ConfigureSamlInput).mutation(({ ctx, input }) => configureSamlConnection(ctx.actor, input)),
  /** Fetches the metadata URL now (it is also fetched daily); a failure is in `metadata_error`. */
  refreshSaml: memberProcedure.mutation(({ ctx }) => refreshSamlConnection(ctx.actor)),
  removeSaml: memberProcedure.mutation(({ ctx }) => removeSamlConnection(ctx.actor)),
  scimToken: memberProcedure.query(({ ctx }) => scimTokenStatus(ctx.actor)),
  /** The only answer that ever holds the SCIM token itself. */
  createScimToken: memberProcedure.mutation(({ ctx }) => createScimToken(ctx.actor)),
  revokeScimToken: memberProcedure.mutation(({ ctx }) => revokeScimToken(ctx.actor)),
});
