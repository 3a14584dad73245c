import { useParams } from 'react-router';
import { ResponseEditorPage } from '@/features/response-editor/components/ResponseEditorPage';
import { useSessionStore } from '@/stores/session-store';
import { editorExtras } from './editor-extras';

export function Component() {
  const { campaignId, collaboratorId } = useParams();
  const user = useSessionStore((s) => s.user);
  return <ResponseEditorPage withTour extras={editorExtras(user, campaignId, collaboratorId)} />;
}
