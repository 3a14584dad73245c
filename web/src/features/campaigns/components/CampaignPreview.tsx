import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { formatDate, NO_DATE } from '@/lib/format';
import type { Campaign, CampaignPreviewData, Question } from '../types';
import { estimatedMinutes, wordsInHtml } from '../lib/estimate';

/** Renders stored HTML through the editor schema (read-only), so only known markup is shown. */
function RichText({ html, label }: { html: string; label: string }) {
  const editor = useEditor(
    {
      extensions: [StarterKit.configure({ link: false, underline: false })],
      content: html || '',
      editable: false,
      immediatelyRender: true,
      editorProps: { attributes: { class: 'sh-prose text-sm', 'aria-label': label } },
    },
    [html],
  );
  return <EditorContent editor={editor} />;
}

/** The preview shape built from the staff data of a draft (what the link will show once live). */
export function previewFromCampaign(
  campaign: Campaign,
  questions: readonly Question[],
  company: { tenantId: string; companyName: string | null; companyLogo: string | null },
): CampaignPreviewData {
  return {
    id: campaign.id,
    tenantId: company.tenantId,
    title: campaign.title,
    description: campaign.description,
    brief: campaign.brief,
    script: campaign.script,
    estimatedMinutes: estimatedMinutes(
      questions.length,
      wordsInHtml(campaign.brief) + wordsInHtml(campaign.script) + questions.reduce((n, q) => n + wordsInHtml(q.script), 0),
    ),
    type: campaign.type,
    visibility: campaign.visibility,
    mode: campaign.mode,
    deadline: campaign.deadline,
    expiryDate: campaign.expiryDate,
    companyName: company.companyName,
    companyLogo: company.companyLogo,
    questions: [...questions]
      .sort((a, b) => a.sequence - b.sequence)
      .map((q) => ({ questionId: q.questionId, question: q.question, tips: q.tips, sequence: q.sequence })),
  };
}

/** The campaign as a contributor's link shows it. */
export function CampaignPreview({ preview }: { preview: CampaignPreviewData }) {
  const questions = [...preview.questions].sort((a, b) => a.sequence - b.sequence);
  return (
    <article data-testid="campaign-preview" className="mx-auto max-w-3xl space-y-6 rounded-xl border border-line bg-raised p-6">
      <header className="space-y-3">
        {(preview.companyLogo || preview.companyName) && (
          <div className="flex items-center gap-3 text-sm text-muted">
            {preview.companyLogo && <img src={preview.companyLogo} alt="" className="h-8 w-8 rounded object-cover" />}
            {preview.companyName && <span>{preview.companyName}</span>}
          </div>
        )}
        <h2 className="text-2xl font-semibold tracking-tight">{preview.title}</h2>
        <p className="text-sm text-muted whitespace-pre-line">{preview.description}</p>
        <dl className="flex flex-wrap gap-x-6 gap-y-1 text-xs text-muted">
          <div>
            <dt className="inline">Recording: </dt>
            <dd className="inline font-medium text-fg">{preview.mode === 'portrait' ? 'Portrait' : 'Landscape'}</dd>
          </div>
          <div>
            <dt className="inline">Type: </dt>
            <dd className="inline font-medium text-fg">{preview.type === 'evergreen' ? 'Open' : 'Targeted'}</dd>
          </div>
          {preview.deadline && (
            <div>
              <dt className="inline">Deadline: </dt>
              <dd className="inline font-medium text-fg">{formatDate(preview.deadline) ?? NO_DATE}</dd>
            </div>
          )}
        </dl>
      </header>
      {preview.brief && (
        <section className="space-y-2">
          <h3 className="text-sm font-semibold uppercase tracking-wide text-muted">Brief</h3>
          <RichText html={preview.brief} label="Brief" />
        </section>
      )}
      <section className="space-y-2">
        <h3 className="text-sm font-semibold uppercase tracking-wide text-muted">Questions</h3>
        {questions.length === 0 ? (
          <p className="text-sm text-muted">No questions yet.</p>
        ) : (
          <ol aria-label="Preview questions" className="space-y-3">
            {questions.map((q, i) => (
              <li key={q.questionId} className="rounded-lg border border-line p-3">
                <p className="text-sm font-medium">
                  <span className="mr-2 text-muted">{i + 1}.</span>
                  <span data-testid="preview-question">{q.question}</span>
                </p>
                {q.tips && <p className="mt-1 text-xs text-muted">Tip: {q.tips}</p>}
              </li>
            ))}
          </ol>
        )}
      </section>
    </article>
  );
}
