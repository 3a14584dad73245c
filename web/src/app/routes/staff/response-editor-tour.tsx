import { useMemo } from 'react';
import { useParams } from 'react-router';
import { ResponseEditorPage } from '@/features/response-editor/components/ResponseEditorPage';
import { useSessionStore } from '@/stores/session-store';
import { editorExtras } from './editor-extras';

export function Component() {
  const { campaignId, collaboratorId } = useParams();
  const user = useSessionStore((s) => s.user);
  const extras = useMemo(() => editorExtras(user, campaignId, collaboratorId), [user, campaignId, collaboratorId]);
  return <ResponseEditorPage withTour extras={extras} />;
}
