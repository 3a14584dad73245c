import { Card, PageHeader } from '@/components/layouts/PageHeader';
import { Spinner } from '@/components/ui/Spinner';
import { useSessionStore } from '@/stores/session-store';
import { useTheme } from '../api/theme-api';
import { BrandThemeForm } from './BrandThemeForm';

/**
 * Settings → Brand theme (superAdmin, admin: ManageBrand): how the organisation's stories look
 * when rendered (cards, lower thirds, burned-in captions), with a live preview.
 */
export function BrandThemePage() {
  const theme = useTheme();
  // The organisation's logo as the signed-in user's profile gives it (a short-lived URL), if it has one.
  const logoUrl = useSessionStore((s) => s.user?.companyLogo ?? null);
  return (
    <div className="space-y-6">
      <PageHeader
        title="Brand theme"
        description="Colours, font, logo and captions of your organisation's stories. Stories rendered after you save use them."
      />
      {theme.isPending ? (
        <div className="flex justify-center py-14">
          <Spinner className="h-6 w-6" />
        </div>
      ) : theme.isError ? (
        <Card>
          <p role="alert" className="text-sm text-danger">
            The brand theme could not be loaded. {theme.error.message}
          </p>
        </Card>
      ) : (
        <BrandThemeForm saved={theme.data} logoUrl={logoUrl} />
      )}
    </div>
  );
}
