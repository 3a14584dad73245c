import type { Editor } from '@tiptap/react';
import { Button } from '@/components/ui/Button';
import { useAiStatus, useGenerateParagraphs } from '../api/ai-api';

/** Paragraphs as the editor's HTML (text escaped; single line breaks kept). */
export function paragraphsToHtml(paragraphs: string[]): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return paragraphs.map((p) => `<p>${escape(p).replace(/\n/g, '<br>')}</p>`).join('');
}

/**
 * Writes the brief or script with AI from the campaign (and the editor's current text), as
 * paragraphs. The editor saves it as any edit; Ctrl+Z undoes it. Disabled, with the reason,
 * when no AI provider is configured.
 */
export function AiParagraphsButton({ campaignId, kind, editor }: { campaignId: string; kind: 'brief' | 'script'; editor: Editor }) {
  const status = useAiStatus();
  const generate = useGenerateParagraphs(campaignId);
  const available = status.data?.available === true;
  const reason = status.isError ? 'AI writing help could not be reached.' : (status.data?.message ?? undefined);
  return (
    <Button
      size="sm"
      variant="secondary"
      disabled={!available}
      loading={generate.isPending}
      title={available ? 'Write it with AI from the campaign and the text so far (Ctrl+Z undoes it)' : reason}
      onClick={() =>
        generate.mutate(
          { kind, currentText: editor.isEmpty ? '' : editor.getHTML() },
          { onSuccess: (result) => editor.commands.setContent(paragraphsToHtml(result.paragraphs)) },
        )
      }
    >
      ✨ Write {kind} with AI
    </Button>
  );
}
