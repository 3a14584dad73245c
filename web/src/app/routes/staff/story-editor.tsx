import { StoryEditorPage } from '@/features/stories/components/StoryEditor';

export function Component() {
  return <StoryEditorPage />;
}
