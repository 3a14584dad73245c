import { Checkbox } from '@/components/ui/Checkbox';
import { Input } from '@/components/ui/Field';
import type { StoryDraft } from '../../lib/editor/story';

type Props = {
  draft: StoryDraft;
  errors: Record<string, string>;
  onChange: (change: (draft: StoryDraft) => StoryDraft) => void;
};

const seconds = (value: string) => {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

/** The story's title, its title and end cards and its lower thirds. */
export function StoryDetails({ draft, errors, onChange }: Props) {
  return (
    <div className="space-y-3">
      <Input label="Title" value={draft.title} maxLength={250} error={errors.title} onChange={(e) => onChange((d) => ({ ...d, title: e.target.value }))} />
      <fieldset className="space-y-2 rounded-lg border border-line p-3">
        <legend className="px-1 text-sm font-medium">Cards and names</legend>
        <label className="flex items-center gap-3 text-sm">
          <Checkbox checked={draft.titleCard.enabled} onChange={(e) => onChange((d) => ({ ...d, titleCard: { ...d.titleCard, enabled: e.target.checked } }))} />
          Title card
        </label>
        {draft.titleCard.enabled && (
          <div className="grid gap-2 sm:grid-cols-[1fr_8rem]">
            <Input label="Title card text" value={draft.titleCard.text} maxLength={120} error={errors['titleCard.text']} onChange={(e) => onChange((d) => ({ ...d, titleCard: { ...d.titleCard, text: e.target.value } }))} />
            <Input label="Title card seconds" type="number" min={1} max={10} step={0.5} value={draft.titleCard.seconds} error={errors['titleCard.seconds']} onChange={(e) => onChange((d) => ({ ...d, titleCard: { ...d.titleCard, seconds: seconds(e.target.value) } }))} />
          </div>
        )}
        <label className="flex items-center gap-3 text-sm">
          <Checkbox checked={draft.lowerThirds} onChange={(e) => onChange((d) => ({ ...d, lowerThirds: e.target.checked }))} />
          Lower thirds: each speaker’s name as they agreed to show it
        </label>
        <label className="flex items-center gap-3 text-sm">
          <Checkbox checked={draft.endCard.enabled} onChange={(e) => onChange((d) => ({ ...d, endCard: { ...d.endCard, enabled: e.target.checked } }))} />
          End card
        </label>
        {draft.endCard.enabled && (
          <div className="space-y-2">
            <div className="grid gap-2 sm:grid-cols-[1fr_8rem]">
              <Input label="End card text" value={draft.endCard.text} maxLength={120} error={errors['endCard.text']} onChange={(e) => onChange((d) => ({ ...d, endCard: { ...d.endCard, text: e.target.value } }))} />
              <Input label="End card seconds" type="number" min={1} max={10} step={0.5} value={draft.endCard.seconds} error={errors['endCard.seconds']} onChange={(e) => onChange((d) => ({ ...d, endCard: { ...d.endCard, seconds: seconds(e.target.value) } }))} />
            </div>
            <label className="flex items-center gap-3 text-sm">
              <Checkbox checked={draft.endCard.logo} onChange={(e) => onChange((d) => ({ ...d, endCard: { ...d.endCard, logo: e.target.checked } }))} />
              The organisation’s logo on the end card
            </label>
          </div>
        )}
      </fieldset>
    </div>
  );
}
