// Room Q&A, the team's side (DESIGN.md "Room Q&A"). Visitors ask through the viewer face
// (server/viewer/router.ts); both call server/services/questions.
import * as questions from '../../services/questions/team';
import { router, teamProcedure } from '../../trpc';
import * as s from './schemas';

const tags = ['Questions'];

export const questionsRouter = router({
  list: teamProcedure('datarooms.read')
    .meta({ openapi: { method: 'GET', path: '/datarooms/{id}/questions', tags, summary: 'List a room’s questions, newest first (filters status, document_id)' } })
    .input(s.ListQuestionsInput)
    .output(s.QuestionList)
    .query(({ ctx, input }) => questions.listQuestions(ctx.actor, input.id, input)),
  get: teamProcedure('datarooms.read')
    .meta({ openapi: { method: 'GET', path: '/questions/{id}', tags, summary: 'Get a question with its answers' } })
    .input(s.QuestionIdInput)
    .output(s.Question)
    .query(({ ctx, input }) => questions.getQuestion(ctx.actor, input.id)),
  answer: teamProcedure('datarooms.write')
    .meta({ status: 201, openapi: { method: 'POST', path: '/questions/{id}/answers', tags, summary: 'Answer a question (publish: into the room’s FAQ); the asker is mailed' } })
    .input(s.AnswerQuestionInput)
    .output(s.Question)
    .mutation(({ ctx, input }) => questions.answerQuestion(ctx.actor, input.id, input)),
  update: teamProcedure('datarooms.write')
    .meta({ openapi: { method: 'PATCH', path: '/questions/{id}', tags, summary: 'Change a question’s status (open, answered, closed) or publication' } })
    .input(s.UpdateQuestionInput)
    .output(s.Question)
    .mutation(({ ctx, input }) => questions.updateQuestion(ctx.actor, input.id, input)),
  // The dashboard's: open questions per room (the navigation's and the tab's counts).
  openCounts: teamProcedure('datarooms.read').query(({ ctx }) => questions.openCounts(ctx.actor)),
});
