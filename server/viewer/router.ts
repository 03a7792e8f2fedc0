// The viewer face's router. Its own tRPC instance over the viewer context: it cannot be mounted
// on /v1 or the dashboard's endpoint (their context has no link session, and their routers do
// not include it), and no HTTP endpoint serves it: pages, server-side, and the thin viewer
// routes (gate forms, the event beacon) call it in process. Each body is one service call.
import { initTRPC } from '@trpc/server';
import { z } from 'zod';
import { ApiError } from '../errors';
import { linkDocument, roomDocument, roomTree } from '../services/visitor/content';
import { recordPageEvents } from '../services/visitor/events';
import { submitGate } from '../services/visitor/gates';
import { codeMailTexts } from '../services/visitor/codes';
import { requestAccess } from '../services/access-requests/visitor';
import { touchView } from '../services/visitor/views';
import { askQuestion, visitorQa } from '../services/questions/visitor';
import { sendAskCode, verifyAskCode } from '../services/questions/verify';
import { qaText } from '../routers/questions/schemas';
import { visitorFind, visitorPageHighlights, visitorSearch } from '../services/visitor/search';
import { SEARCH_QUERY_MAX } from '../routers/search/schemas';
import { submitVisitorUpload, visitorUploadUrl, visitorUploads } from '../services/visitor-uploads/visitor';
import { linkIpRefusal, type ViewerContext } from './context';

/** The link has expired: 410 for routes, the expired page for pages; nothing is recorded. */
export class LinkExpiredError extends Error {
  constructor() {
    super('This link has expired.');
    this.name = 'LinkExpiredError';
  }
}

const t = initTRPC.context<ViewerContext>().create({ isServer: true });

/** The live link and its session: not found and expired refuse before anything runs. */
function live(ctx: ViewerContext) {
  if (ctx.state.state === 'not_found') throw new ApiError('not_found', 'This link does not exist.');
  if (ctx.ipRefused) throw linkIpRefusal();
  if (ctx.state.state === 'expired') throw new LinkExpiredError();
  return { link: ctx.state.link, session: ctx.state.session };
}

/** The admission check, the one for procedures and routes: a live link and a session that has passed every gate. */
export function admitted(ctx: ViewerContext) {
  const l = live(ctx);
  if (!ctx.actor) throw new ApiError('forbidden', 'Open the link first.');
  return { ...l, actor: ctx.actor };
}

const liveProcedure = t.procedure.use(({ ctx, next }) => next({ ctx: { ...ctx, ...live(ctx) } }));

const admittedProcedure = t.procedure.use(({ ctx, next }) => next({ ctx: { ...ctx, ...admitted(ctx) } }));

const EventInput = z.object({
  view_id: z.string().min(1).max(64),
  events: z
    .array(z.object({ id: z.string().max(64), page: z.number().int(), duration_ms: z.number() }))
    .max(2000),
  /**
   * Sent by players of earlier releases (the duration they read); accepted and ignored: a video's
   * length is read from its file on the server, never taken from a visitor (issue 43).
   */
  media_duration_ms: z.number().optional(),
});

const AskInput = z.strictObject({
  text: qaText(5000),
  item_id: z.string().min(1).max(64).nullable().optional(),
  page_number: z.int().min(1).max(100_000).nullable().optional(),
});

const UploadUrlInput = z.strictObject({
  folder_id: z.string().min(1).max(64),
  file_name: z.string().trim().min(1).max(255),
  content_type: z.string().max(255),
  size: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
});
const SubmitUploadInput = z.strictObject({
  upload_id: z.string().min(1).max(64),
  folder_id: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(255).optional(),
});

export const viewerRouter = t.router({
  gate: liveProcedure
    .input(z.object({ step: z.string().max(16), form: z.record(z.string(), z.string()), codeMail: codeMailTexts }))
    .mutation(({ ctx, input }) => submitGate(ctx.link, ctx.session, { step: input.step, form: input.form, address: ctx.address, userAgent: ctx.userAgent, codeMail: input.codeMail })),
  requestAccess: liveProcedure
    .input(z.object({ step: z.string().max(16), form: z.record(z.string(), z.string()), codeMail: codeMailTexts }))
    .mutation(({ ctx, input }) => requestAccess(ctx.link, ctx.session, { step: input.step, form: input.form, address: ctx.address, userAgent: ctx.userAgent, codeMail: input.codeMail })),
  document: admittedProcedure
    .input(z.object({ item_id: z.string().max(64).nullable() }))
    .query(({ ctx, input }) => (input.item_id ? roomDocument(ctx.link, input.item_id) : linkDocument(ctx.link))),
  tree: admittedProcedure.query(({ ctx }) => roomTree(ctx.link)),
  visit: admittedProcedure
    .input(z.object({ document: z.object({ documentId: z.string(), versionId: z.string().nullable() }).nullable() }))
    .mutation(({ ctx, input }) =>
      touchView(
        ctx.actor,
        ctx.link,
        ctx.link.dataroomId
          ? input.document
            ? { kind: 'room_document', dataroomId: ctx.link.dataroomId, ...input.document }
            : { kind: 'room', dataroomId: ctx.link.dataroomId }
          : { kind: 'document', documentId: input.document?.documentId ?? ctx.link.documentId!, versionId: input.document?.versionId ?? null },
        ctx.userAgent,
      ),
    ),
  // Room Q&A: the visitor's questions, the FAQ, and asking (services/questions/visitor.ts re-checks the room and the item).
  questions: admittedProcedure.query(({ ctx }) => visitorQa(ctx.link, ctx.actor, ctx.session)),
  ask: admittedProcedure.input(AskInput).mutation(({ ctx, input }) => askQuestion(ctx.link, ctx.actor, ctx.session, input)),
  // The one-time code before asking, on a link that admitted the visitor without one.
  askCode: admittedProcedure
    .input(z.object({ codeMail: codeMailTexts }))
    .mutation(({ ctx, input }) => sendAskCode(ctx.link, ctx.actor, ctx.session, ctx.address, input.codeMail)),
  askVerify: admittedProcedure.input(z.object({ code: z.string().max(32) })).mutation(({ ctx, input }) => verifyAskCode(ctx.link, ctx.actor, ctx.session, input.code)),
  // Visitor uploads: the folders that take them, the visitor's own with the team's decisions, and
  // the two steps around the presigned PUT (services/visitor-uploads/visitor.ts re-checks the folder).
  uploads: admittedProcedure.query(({ ctx }) => visitorUploads(ctx.link, ctx.actor, ctx.session)),
  uploadUrl: admittedProcedure.input(UploadUrlInput).mutation(({ ctx, input }) => visitorUploadUrl(ctx.link, ctx.actor, ctx.session, input, ctx.origin)),
  submitUpload: admittedProcedure.input(SubmitUploadInput).mutation(({ ctx, input }) => submitVisitorUpload(ctx.link, ctx.actor, ctx.session, input)),
  search: admittedProcedure
    .input(z.object({ q: z.string().min(1).max(SEARCH_QUERY_MAX), cursor: z.string().max(200).optional(), limit: z.int().min(1).max(50).default(20) }))
    .query(({ ctx, input }) => visitorSearch(ctx.link, ctx.actor, input.q, input)),
  highlights: admittedProcedure
    .input(z.object({ q: z.string().min(1).max(SEARCH_QUERY_MAX), item_id: z.string().max(64).nullable(), page: z.int().min(1).max(100_000) }))
    .query(({ ctx, input }) => visitorPageHighlights(ctx.link, input.item_id, input.page, input.q)),
  find: admittedProcedure
    .input(z.object({ q: z.string().min(1).max(SEARCH_QUERY_MAX), item_id: z.string().max(64).nullable(), record: z.boolean().default(true) }))
    .query(({ ctx, input }) => visitorFind(ctx.link, ctx.actor, input.item_id, input.q, input.record)),
  events: admittedProcedure.input(EventInput).mutation(({ ctx, input }) => recordPageEvents(ctx.actor, ctx.link, input.view_id, input.events, ctx.address)),
});

export type ViewerRouter = typeof viewerRouter;
export const viewerCaller = (ctx: ViewerContext) => t.createCallerFactory(viewerRouter)(ctx);
