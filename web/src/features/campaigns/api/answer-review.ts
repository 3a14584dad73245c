import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';
import { toast } from '@/stores/toast-store';
import { answersKey } from './contributors';

export const REVIEW_MESSAGES = {
  approved: 'Answer approved',
  reopened: 'Answer marked as new',
} as const;

/** Staff approve an answer's take, or mark it new again (`PUT /campaign/answer-review`). */
export function useReviewAnswer(campaignId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ contributorId, journeyId, status }: { contributorId: string; journeyId: string; status: 'new' | 'approved' }) =>
      call(api.PUT('/campaign/answer-review', { body: { campaignId, contributorId, journeyId, status } })),
    onSuccess: (res, { status }) => {
      toast.success(res?.message || (status === 'approved' ? REVIEW_MESSAGES.approved : REVIEW_MESSAGES.reopened));
      return qc.invalidateQueries({ queryKey: answersKey(campaignId) });
    },
  });
}
