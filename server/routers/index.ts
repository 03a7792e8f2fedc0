// The one router behind every face, by resource. /v1 exposes the procedures that carry
// `openapi` meta; the dashboard calls any of them through the tRPC client.
import { router } from '../trpc';
import { accessRequestsRouter } from './access-requests';
import { agreementsRouter } from './agreements';
import { analyticsRouter } from './analytics';
import { brandsRouter } from './brands';
import { dataroomsRouter } from './datarooms';
import { documentsRouter } from './documents';
import { domainsRouter } from './domains';
import { eventsRouter } from './events';
import { foldersRouter } from './folders';
import { invitationsRouter } from './invitations';
import { linkPresetsRouter } from './link-presets';
import { linksRouter } from './links';
import { meRouter } from './me';
import { membersRouter } from './members';
import { oauthRouter } from './oauth';
import { questionsRouter } from './questions';
import { redactionsRouter } from './redactions';
import { visitorUploadsRouter } from './visitor-uploads';
import { digestsRouter } from './digests';
import { searchProcedure } from './search';
import { ssoRouter } from './sso';
import { securityRouter } from './security';
import { teamsRouter } from './teams';
import { tokensRouter } from './tokens';
import { visitorsRouter } from './visitors';
import { webhooksRouter } from './webhooks';

export const appRouter = router({
  documents: documentsRouter,
  folders: foldersRouter,
  datarooms: dataroomsRouter,
  brands: brandsRouter,
  links: linksRouter,
  linkPresets: linkPresetsRouter,
  domains: domainsRouter,
  accessRequests: accessRequestsRouter,
  agreements: agreementsRouter,
  visitors: visitorsRouter,
  analytics: analyticsRouter,
  teams: teamsRouter,
  members: membersRouter,
  invitations: invitationsRouter,
  tokens: tokensRouter,
  me: meRouter,
  oauth: oauthRouter,
  events: eventsRouter,
  webhooks: webhooksRouter,
  questions: questionsRouter,
  redactions: redactionsRouter,
  visitorUploads: visitorUploadsRouter,
  digests: digestsRouter,
  search: searchProcedure,
  sso: ssoRouter,
  security: securityRouter,
});

export type AppRouter = typeof appRouter;
