import { PageHeader } from '@/components/layouts/PageHeader';
import { EditorRequestList, RequestEditorForm } from '@/features/support/components/RequestEditor';

export function Component() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Request an editor"
        description="Ask for a professional editor to make a film of a campaign's videos. Our team answers by e-mail."
      />
      <RequestEditorForm />
      <EditorRequestList />
    </div>
  );
}
