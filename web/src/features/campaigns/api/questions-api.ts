import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';
import { toast } from '@/stores/toast-store';
import { moveQuestion } from '../lib/questions';
import type { Question } from '../types';
import { bumpingWrite, questionsKey } from './write-queue';

export const QUESTION_MESSAGES = {
  added: 'Question added successfully',
  updated: 'Question updated successfully',
  deleted: 'Question deleted successfully',
} as const;

export function useQuestions(campaignId: string) {
  return useQuery({
    queryKey: questionsKey(campaignId),
    queryFn: () =>
      call(api.GET('/question/list/{campaignId}', { params: { path: { campaignId } } })).then((list) =>
        [...list].sort((a, b) => a.sequence - b.sequence),
      ),
    staleTime: 0,
  });
}

export function useAddQuestion(campaignId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { question: string; tips: string | null; script?: string | null; timeLimitSeconds?: number; sequence: number | null }) =>
      bumpingWrite(campaignId, () => call(api.POST('/question/add', { body: { campaignId, script: null, ...body, timeLimitSeconds: body.timeLimitSeconds ?? null } }))),
    onSuccess: () => {
      toast.success(QUESTION_MESSAGES.added);
      return qc.invalidateQueries({ queryKey: questionsKey(campaignId) });
    },
  });
}

export function useUpdateQuestion(campaignId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, ...body }: { questionId: string; question: string; tips: string | null; script: string | null; timeLimitSeconds: number }) =>
      bumpingWrite(campaignId, () =>
        call(
          api.PUT('/question/{id}', {
            params: { path: { id: questionId } },
            // Empty tips and script clear them (null would leave them unchanged).
            body: { campaignId, question: body.question, tips: body.tips ?? '', script: body.script ?? '', timeLimitSeconds: body.timeLimitSeconds, sequence: null },
          }),
        ),
      ),
    onSuccess: () => {
      toast.success(QUESTION_MESSAGES.updated);
      return qc.invalidateQueries({ queryKey: questionsKey(campaignId) });
    },
  });
}

/** Moves a question to another place (optimistic; the API re-numbers the others densely). */
export function useMoveQuestion(campaignId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ questionId, sequence }: { questionId: string; sequence: number; from: number; to: number }) =>
      bumpingWrite(campaignId, () =>
        call(
          api.PUT('/question/{id}', {
            params: { path: { id: questionId } },
            body: { campaignId, sequence, question: null, tips: null, script: null, timeLimitSeconds: null },
          }),
        ),
      ),
    onMutate: ({ from, to }) => {
      qc.setQueryData<Question[]>(questionsKey(campaignId), (list) => (list ? moveQuestion(list, from, to) : list));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: questionsKey(campaignId) }),
  });
}

export function useDeleteQuestion(campaignId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (questionId: string) =>
      bumpingWrite(campaignId, () =>
        call(api.DELETE('/question/{campaignId}/{questionId}', { params: { path: { campaignId, questionId } } })),
      ),
    onSuccess: (res) => {
      toast.success(res?.message || QUESTION_MESSAGES.deleted);
      return qc.invalidateQueries({ queryKey: questionsKey(campaignId) });
    },
  });
}
