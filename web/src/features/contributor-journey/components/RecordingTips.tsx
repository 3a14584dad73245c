import { t } from '../i18n/i18n';
import type { ContributorCampaign } from '../types';

type Tips = NonNullable<ContributorCampaign['recordingTips']>;

/** The organisation's guidelines, shown to a collaborator as recording tips before they start. */
export function RecordingTips({ tips }: { tips: Tips | undefined }) {
  if (!tips || tips.length === 0) return null;
  return (
    <section aria-labelledby="recording-tips-heading" className="space-y-3 rounded-xl border border-line bg-raised p-4">
      <h2 id="recording-tips-heading" className="text-lg font-semibold">
        {t('tips.heading')}
      </h2>
      {tips.map((group) => (
        <div key={group.title} className="space-y-1">
          <h3 className="text-sm font-semibold">{group.title}</h3>
          <ul className="list-disc space-y-0.5 ps-6 text-sm text-muted">
            {group.tips.map((tip) => (
              <li key={tip}>{tip}</li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}
