import { Link, Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { can } from '@/config/access';
import { buildPath, paths } from '@/config/paths';
import { roleOf } from '@/lib/auth';
import { toast } from '@/stores/toast-store';
import { useSessionStore } from '@/stores/session-store';
import { skipTour } from '../api/editor-api';
import { EditorTour } from './EditorTour';
import { EditorExtrasContext, type EditorExtras } from './extras';
import { ResponseEditor } from './ResponseEditor';

/** `?answer=<journeyId>&t=<seconds>`: the moment a link (e.g. a search result) opens. */
export function linkFromSearch(search: URLSearchParams): { journeyId: string; seconds: number } | null {
  const journeyId = search.get('answer');
  if (!journeyId) return null;
  const t = Number(search.get('t') ?? '0');
  return { journeyId, seconds: Number.isFinite(t) && t > 0 ? t : 0 };
}

/**
 * The editor's screen and its tour screen. The editor sends a creator, admin or super admin who has
 * neither skipped nor finished the tour to the tour first (never a coordinator: they have no tour).
 */
export function ResponseEditorPage({ withTour, extras = {} }: { withTour: boolean; extras?: EditorExtras }) {
  const { campaignId, collaboratorId } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const user = useSessionStore((s) => s.user);
  const setUser = useSessionStore((s) => s.setUser);
  if (!user || !campaignId || !collaboratorId) return null;
  const role = roleOf(user);
  const query = search.toString() ? `?${search.toString()}` : '';
  const editorPath = buildPath(paths.responseEditor, { campaignId, collaboratorId }) + query;

  if (!withTour && role && can(role, 'UseEditorTour') && !user.skippedEditorTour) {
    return <Navigate to={buildPath(paths.responseEditorTour, { campaignId, collaboratorId }) + query} replace />;
  }

  const endTour = async () => {
    try {
      await skipTour();
    } catch {
      return; // the API client showed why; the tour stays
    }
    setUser({ ...user, skippedEditorTour: true });
    toast.info('You can open the tour again from the editor.');
    void navigate(editorPath, { replace: true });
  };

  return (
    <EditorExtrasContext.Provider value={extras}>
      {!withTour && role && can(role, 'UseEditorTour') && (
        <p className="mb-2 text-right text-sm">
          <Link className="underline" to={buildPath(paths.responseEditorTour, { campaignId, collaboratorId }) + query}>
            Take the tour of the editor
          </Link>
        </p>
      )}
      <ResponseEditor
        key={`${campaignId}/${collaboratorId}`}
        tenantId={user.tenantId}
        campaignId={campaignId}
        contributorId={collaboratorId}
        link={linkFromSearch(search)}
      />
      {withTour && <EditorTour onClose={endTour} />}
    </EditorExtrasContext.Provider>
  );
}
