import { ResponseEditorPage } from '@/features/response-editor/components/ResponseEditorPage';

export function Component() {
  return <ResponseEditorPage withTour={false} />;
}
