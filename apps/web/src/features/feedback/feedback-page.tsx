import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useSearchParams } from 'react-router';
import { FormTextField } from '../../components/ui/form-text-field';
import { PageForm } from '../../components/ui/page-form';
import { PageHeader } from '../../components/ui/page-header';
import { showAlert } from '../../lib/alert';
import { useSchemaForm } from '../../lib/schema-form';
import { type FeedbackForm, FeedbackFormSchema, useSendFeedback } from './api/send-feedback';

export function FeedbackPage() {
  const [params] = useSearchParams();
  const send = useSendFeedback();
  const form = useSchemaForm(FeedbackFormSchema, { message: '', page: params.get('page') ?? '' });
  const { control } = form;
  const submit = (values: FeedbackForm) =>
    send.mutateAsync(values).then(() => {
      form.reset({ message: '', page: values.page });
      showAlert({ status: 200, data: { message: 'Thank you! Your feedback was sent.' } });
    });

  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageHeader
        title="Feedback"
        subtitle="Tell us what works, what does not, and what you miss. The team reads every message."
      />
      <Card>
        <CardContent>
          <PageForm
            form={form}
            label="Feedback"
            onSubmit={submit}
            submitLabel="Send feedback"
            busyLabel="Sending…"
          >
            <FormTextField
              control={control}
              name="message"
              label="Your feedback"
              required
              multiline
              minRows={5}
            />
            <FormTextField
              control={control}
              name="page"
              label="Page (optional)"
              placeholder="/campaigns/42"
              hint={'Where did you notice it?'}
            />
          </PageForm>
        </CardContent>
      </Card>
    </Box>
  );
}
