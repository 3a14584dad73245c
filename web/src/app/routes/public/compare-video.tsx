import { VideoCompare } from '@/features/video-compare/components/VideoCompare';

export function Component() {
  return <VideoCompare />;
}
