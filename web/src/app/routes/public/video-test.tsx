import { VideoTest } from '@/features/video-test/components/VideoTest';

export function Component() {
  return <VideoTest />;
}
