import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Card } from '@/components/layouts/PageHeader';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Field';
import { useSendHelpRequest } from '../api/support-api';
import { HELP_CATEGORIES, helpSchema, MESSAGE_MAX, type HelpValues } from '../schemas';
import { MessageArea } from './MessageArea';

/** The /help form: a category and a message, e-mailed to support with a copy to the sender. */
export function HelpForm({ email }: { email: string }) {
  const send = useSendHelpRequest();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<HelpValues>({ resolver: zodResolver(helpSchema), defaultValues: { category: '', message: '' } });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync({ category: values.category, message: values.message.trim() });
      reset();
    } catch {
      /* toasted by the API client */
    }
  });
  return (
    <Card>
      <form noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Help request">
        <Select
          label="Category"
          placeholder="Choose a category"
          options={HELP_CATEGORIES.map((c) => ({ value: c, label: c }))}
          error={errors.category?.message}
          {...register('category')}
        />
        <MessageArea
          label="Message"
          maxLength={MESSAGE_MAX}
          error={errors.message?.message}
          placeholder="What happened, or what would help you?"
          {...register('message')}
        />
        <p className="text-xs text-muted">Our support team answers by e-mail at {email}; you also get a copy of your request.</p>
        <div className="flex justify-end">
          <Button type="submit" loading={send.isPending}>
            Send request
          </Button>
        </div>
      </form>
    </Card>
  );
}
