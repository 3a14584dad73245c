import { Card } from '@/components/layouts/PageHeader';
import type { CurrentUser } from '@/types/api';
import { FileField } from './FileField';

/** The signed-in member's own avatar and encouragement video. */
export function OwnFiles({ user }: { user: CurrentUser }) {
  return (
    <Card>
      <div className="grid gap-6 md:grid-cols-2">
        <FileField
          scope="me"
          kind="avatar"
          label="Profile picture"
          url={user.avatar}
          hint="A picture of at most 10MB; it is converted to JPEG."
          confirmTitle="Delete your profile picture?"
          confirmText="Your initials are shown instead."
        />
        <FileField
          scope="me"
          kind="encouragementVideo"
          label="Your encouragement video"
          url={user.encouragementVideo}
          hint="A video of at most 500MB. Contributors of the campaigns you create see it on their invitation."
          confirmTitle="Delete your encouragement video?"
          confirmText="Contributors of your campaigns see the organisation's encouragement video instead, if there is one."
        />
      </div>
    </Card>
  );
}
