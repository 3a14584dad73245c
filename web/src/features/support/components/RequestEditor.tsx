import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Card } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { ConfirmButton } from '@/components/ui/ConfirmButton';
import { Input, Select } from '@/components/ui/Field';
import { Spinner } from '@/components/ui/Spinner';
import { formatDateTime, NO_DATE } from '@/lib/format';
import {
  useCampaignChoices,
  useCancelEditorRequest,
  useEditorRequests,
  useRequestEditor,
  type EditorRequest,
} from '../api/support-api';
import { editorRequestSchema, MESSAGE_MAX, type EditorRequestValues } from '../schemas';
import { MessageArea } from './MessageArea';

export const STATUS_LABELS: Record<EditorRequest['status'], string> = {
  requested: 'Requested',
  cancelled: 'Withdrawn',
};

/** Ask for a professional editor for one of the organisation's campaigns. */
export function RequestEditorForm() {
  const [search, setSearch] = useState('');
  const campaigns = useCampaignChoices(search);
  const request = useRequestEditor();
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<EditorRequestValues>({
    resolver: zodResolver(editorRequestSchema),
    defaultValues: { campaignId: '', message: '' },
  });
  const options = (campaigns.data?.items ?? []).map((c) => ({ value: c.id, label: c.title }));
  // A search that hides the chosen campaign clears the choice (the list shows none chosen).
  useEffect(() => {
    const chosen = getValues('campaignId');
    if (campaigns.data && chosen && !campaigns.data.items.some((c) => c.id === chosen)) setValue('campaignId', '');
  }, [campaigns.data, getValues, setValue]);
  const onSubmit = handleSubmit(async (values) => {
    try {
      await request.mutateAsync({ campaignId: values.campaignId, message: values.message.trim() });
      reset();
    } catch {
      /* toasted by the API client */
    }
  });
  return (
    <Card>
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Editor request">
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Find a campaign"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            hint="Type part of its title to narrow the list."
          />
          <Select
            label="Campaign"
            placeholder={campaigns.isPending ? 'Loading campaigns…' : 'Choose a campaign'}
            options={options}
            error={errors.campaignId?.message}
            {...register('campaignId')}
          />
        </div>
        <MessageArea
          label="Message"
          maxLength={MESSAGE_MAX}
          error={errors.message?.message}
          placeholder="What should the editor make of this campaign's videos?"
          {...register('message')}
        />
        <div className="flex justify-end">
          <Button type="submit" loading={request.isPending}>
            Request an editor
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The signed-in member's own requests with their status. */
export function EditorRequestList() {
  const requests = useEditorRequests();
  const cancel = useCancelEditorRequest();
  const items = requests.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Card className="space-y-4">
      <h2 className="text-lg font-semibold">Your requests</h2>
      {requests.isPending ? (
        <Spinner />
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">You have not requested an editor yet.</p>
      ) : (
        <ul aria-label="Your editor requests" className="divide-y divide-line rounded-lg border border-line">
          {items.map((item) => (
            <li key={item.id} className="space-y-1 px-4 py-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <strong className="wrap-anywhere">{item.campaignTitle}</strong>
                <span
                  data-status={item.status}
                  className={
                    item.status === 'requested'
                      ? 'rounded-full bg-primary/10 px-2 py-0.5 text-xs font-medium text-primary-hover'
                      : 'rounded-full bg-sunken px-2 py-0.5 text-xs font-medium text-muted'
                  }
                >
                  {STATUS_LABELS[item.status]}
                </span>
              </div>
              <p className="wrap-anywhere whitespace-pre-line text-muted">{item.message}</p>
              <div className="flex flex-wrap items-center justify-between gap-2 text-xs text-muted">
                <span>
                  Requested {formatDateTime(item.createdAt) ?? NO_DATE}
                  {item.status === 'cancelled' && ` · withdrawn ${formatDateTime(item.updatedAt) ?? NO_DATE}`}
                </span>
                {item.status === 'requested' && (
                  <ConfirmButton
                    variant="ghost"
                    size="sm"
                    loading={cancel.isPending && cancel.variables === item.id}
                    onClick={() => cancel.mutate(item.id)}
                  >
                    Withdraw
                  </ConfirmButton>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {requests.hasNextPage && (
        <Button variant="secondary" loading={requests.isFetchingNextPage} onClick={() => void requests.fetchNextPage()}>
          Show more
        </Button>
      )}
    </Card>
  );
}
