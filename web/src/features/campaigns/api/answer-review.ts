import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Client } from 'openapi-fetch';
import { api, call } from '@/lib/api/client';
import { toast } from '@/stores/toast-store';
import { answersKey } from './contributors';

type Json<T> = { content: { 'application/json': T } };
type ErrorBody = Json<{ detail: string; errors?: { field: string; message: string }[]; requestId?: string }>;

/** The answer-review call as fixed in the contract (typed here until it is in the generated client). */
type AnswerReviewPaths = {
  '/campaign/answer-review': {
    put: {
      requestBody: Json<{ campaignId: string; contributorId: string; journeyId: string; status: 'new' | 'approved' }>;
      responses: { 200: Json<{ message: string }>; 400: ErrorBody; 401: ErrorBody; 403: ErrorBody; 404: ErrorBody; 409: ErrorBody };
    };
  };
};
const reviewApi = api as unknown as Client<AnswerReviewPaths>;

export const REVIEW_MESSAGES = {
  approved: 'Answer approved',
  reopened: 'Answer marked as new',
} as const;

/** Staff approve an answer's take, or mark it new again (`PUT /campaign/answer-review`). */
export function useReviewAnswer(campaignId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ contributorId, journeyId, status }: { contributorId: string; journeyId: string; status: 'new' | 'approved' }) =>
      call(reviewApi.PUT('/campaign/answer-review', { body: { campaignId, contributorId, journeyId, status } })),
    onSuccess: (res, { status }) => {
      toast.success(res?.message || (status === 'approved' ? REVIEW_MESSAGES.approved : REVIEW_MESSAGES.reopened));
      return qc.invalidateQueries({ queryKey: answersKey(campaignId) });
    },
  });
}
