'use client';
// A room's Q&A tab: visitors' questions, unanswered first; answer in place (privately or into the
// room's FAQ), publish or unpublish, close or reopen. Every visitor's and team member's words are
// React text (never markup), kept as written with their line breaks.
import { useMutation } from '@tanstack/react-query';
import { CheckCircle2, Globe, Lock, MessageCircleQuestion, RotateCcw, XCircle } from 'lucide-react';
import { useState } from 'react';
import { useRoomDocuments, type Room } from '@/components/datarooms/hooks';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Textarea } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/spinner';
import { RelativeTime } from '@/components/ui/time';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/trpc/errors';
import { useTRPC } from '@/lib/trpc/react';
import { useRefreshQuestions, useRoomQuestions, type Question } from './hooks';

const STATUS = {
  open: { label: 'Unanswered', tone: 'amber' },
  answered: { label: 'Answered', tone: 'green' },
  closed: { label: 'Closed', tone: 'neutral' },
} as const;

export function RoomQuestions({ room }: { room: Room }) {
  const questions = useRoomQuestions(room.id);
  const docs = useRoomDocuments(room.id);
  const names = new Map((docs.data ?? []).map((d) => [d.document_id, d.document_name]));

  if (questions.isPending) {
    return (
      <div className="space-y-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (questions.error) {
    return (
      <Card className="p-5 text-sm text-red-600" >
        {errorMessage(questions.error)}{' '}
        <button type="button" className="font-medium underline" onClick={() => questions.refetch()}>
          Try again
        </button>
      </Card>
    );
  }
  const list = questions.data ?? [];
  if (!list.length) {
    return (
      <Card>
        <EmptyState icon={MessageCircleQuestion} title="No questions yet">
          {room.qa_enabled
            ? 'Visitors who verify their email can ask about the room, a document or a page. Their questions arrive here.'
            : 'Q&A is off for this room. Turn it on in Settings to let visitors ask questions.'}
        </EmptyState>
      </Card>
    );
  }
  const open = list.filter((q) => q.status === 'open').length;
  return (
    <div className="space-y-3" data-testid="room-questions">
      <p className="text-sm text-zinc-600">
        {open ? `${open} unanswered ${open === 1 ? 'question' : 'questions'}` : 'Every question is answered.'}
        {!room.qa_enabled && ' Q&A is off: visitors cannot ask new questions.'}
      </p>
      {list.map((q) => (
        <QuestionCard key={q.id} q={q} documentName={q.document_id ? (names.get(q.document_id) ?? 'A document no longer in the room') : null} />
      ))}
    </div>
  );
}

function QuestionCard({ q, documentName }: { q: Question; documentName: string | null }) {
  const trpc = useTRPC();
  const notify = useToast();
  const refresh = useRefreshQuestions();
  const [text, setText] = useState('');
  const [publish, setPublish] = useState(q.published);
  const answer = useMutation(
    trpc.questions.answer.mutationOptions({
      onSuccess: async (r) => {
        setText('');
        await refresh();
        notify(r.published ? 'Answer sent and published to the FAQ.' : 'Answer sent to the visitor.');
      },
    }),
  );
  const update = useMutation(trpc.questions.update.mutationOptions({ onSuccess: async () => void (await refresh()) }));
  const s = STATUS[q.status];
  const about = documentName ? `${documentName}${q.page_number ? ` · page ${q.page_number}` : ''}` : 'The room';

  return (
    <Card className="p-4 sm:p-5">
      <article aria-label={`Question from ${q.asked_by.email}`} data-testid="question" data-status={q.status}>
        <header className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-zinc-500">
          <Badge tone={s.tone}>{s.label}</Badge>
          {q.published ? (
            <Badge tone="brand">
              <Globe className="h-3 w-3" aria-hidden />
              In the FAQ
            </Badge>
          ) : (
            q.answers.length > 0 && (
              <Badge>
                <Lock className="h-3 w-3" aria-hidden />
                Private
              </Badge>
            )
          )}
          <span className="font-medium text-zinc-700">{q.asked_by.email}</span>
          <span aria-hidden>·</span>
          <span>{about}</span>
          <span aria-hidden>·</span>
          <RelativeTime iso={q.created} />
        </header>
        <p className="mt-2 text-sm break-words whitespace-pre-wrap text-zinc-900">{q.text}</p>
        {q.answers.length > 0 && (
          <ol className="mt-3 space-y-2 border-l-2 border-brand-100 pl-3">
            {q.answers.map((a) => (
              <li key={a.id} className="text-sm">
                <p className="break-words whitespace-pre-wrap text-zinc-800">{a.text}</p>
                <p className="mt-0.5 text-xs text-zinc-500">
                  {a.answered_by.email ?? 'API token'} · <RelativeTime iso={a.created} />
                </p>
              </li>
            ))}
          </ol>
        )}
        {q.status !== 'closed' && (
          <form
            className="mt-3 space-y-2"
            onSubmit={(e) => {
              e.preventDefault();
              if (text.trim()) answer.mutate({ id: q.id, text: text.trim(), publish });
            }}
          >
            <label className="sr-only" htmlFor={`answer-${q.id}`}>
              Your answer
            </label>
            <Textarea
              id={`answer-${q.id}`}
              rows={2}
              maxLength={10_000}
              placeholder={q.answers.length ? 'Add to the answer…' : 'Write an answer…'}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' && (e.metaKey || e.ctrlKey)) e.currentTarget.form?.requestSubmit();
              }}
            />
            <div className="flex flex-wrap items-center justify-between gap-2">
              <label className="flex items-center gap-2 text-sm text-zinc-700">
                <input type="checkbox" className="h-4 w-4 rounded border-zinc-300 text-brand-600" checked={publish} onChange={(e) => setPublish(e.target.checked)} />
                Publish to the room’s FAQ
              </label>
              <Button type="submit" size="sm" loading={answer.isPending} disabled={!text.trim()}>
                Send answer
              </Button>
            </div>
            {answer.error && <p className="text-sm text-red-600">{errorMessage(answer.error)}</p>}
          </form>
        )}
        <div className="mt-3 flex flex-wrap gap-2 border-t border-zinc-100 pt-3">
          {q.answers.length > 0 && (
            <Button variant="secondary" size="sm" loading={update.isPending && update.variables?.published !== undefined} onClick={() => update.mutate({ id: q.id, published: !q.published })}>
              {q.published ? <Lock className="h-4 w-4" aria-hidden /> : <Globe className="h-4 w-4" aria-hidden />}
              {q.published ? 'Make private' : 'Publish to FAQ'}
            </Button>
          )}
          {q.status === 'closed' ? (
            <Button variant="secondary" size="sm" loading={update.isPending && update.variables?.status !== undefined} onClick={() => update.mutate({ id: q.id, status: q.answers.length ? 'answered' : 'open' })}>
              <RotateCcw className="h-4 w-4" aria-hidden />
              Reopen
            </Button>
          ) : (
            <Button variant="ghost" size="sm" loading={update.isPending && update.variables?.status !== undefined} onClick={() => update.mutate({ id: q.id, status: 'closed' })}>
              {q.status === 'answered' ? <CheckCircle2 className="h-4 w-4" aria-hidden /> : <XCircle className="h-4 w-4" aria-hidden />}
              Close
            </Button>
          )}
        </div>
        {update.error && <p className="mt-2 text-sm text-red-600">{errorMessage(update.error)}</p>}
      </article>
    </Card>
  );
}
