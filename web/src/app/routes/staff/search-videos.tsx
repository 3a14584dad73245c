import { PageHeader } from '@/components/layouts/PageHeader';
import { SearchVideos } from '@/features/search/components/SearchVideos';

export function Component() {
  return (
    <div className="space-y-6">
      <PageHeader
        title="Search videos"
        description="Find answers across campaigns by campaign, collaborator, initiative, tag, date, and the words said in them."
      />
      <SearchVideos />
    </div>
  );
}
