import { useMutation, useQuery } from '@tanstack/react-query';
import { api, call } from '@/lib/api/client';

/** The generator's four required fields (spec section 5). */
export type GeneratorFields = { location: string; keywords: string; toneOfVoice: string; sceneRequest: string };

/** Whether AI writing help is configured here (the AI controls are disabled when not). */
export function useAiStatus() {
  return useQuery({
    queryKey: ['ai', 'status'],
    queryFn: () => call(api.GET('/openai/status'), { toast: false }),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useGenerateQuestions(campaignId: string) {
  return useMutation({
    mutationFn: (fields: GeneratorFields) =>
      call(api.POST('/openai/generateQuestions', { body: { campaignId, count: 5, ...fields } })),
  });
}

export function useRegenerateQuestion(campaignId: string) {
  return useMutation({
    mutationFn: (body: GeneratorFields & { question: string; otherQuestions: string[] }) =>
      call(api.POST('/openai/regenerate', { body: { campaignId, ...body } })),
  });
}

export function useGenerateParagraphs(campaignId: string) {
  return useMutation({
    mutationFn: (body: { kind: 'brief' | 'script'; currentText: string; prompt?: string }) =>
      call(api.POST('/openai/generateParagraphs', { body: { campaignId, prompt: '', ...body } })),
  });
}
