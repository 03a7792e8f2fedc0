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
import type { ViewerContext } from './context';

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
  events: admittedProcedure.input(EventInput).mutation(({ ctx, input }) => recordPageEvents(ctx.actor, ctx.link, input.view_id, input.events, ctx.address)),
});

export type ViewerRouter = typeof viewerRouter;
export const viewerCaller = (ctx: ViewerContext) => t.createCallerFactory(viewerRouter)(ctx);
