import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { FormTextField } from '../../components/ui/form-text-field';
import { PageHeader } from '../../components/ui/page-header';
import { showAlert } from '../../lib/alert';
import { applyServerErrors } from '../../lib/form-errors';
import { type FeedbackForm, FeedbackFormSchema, useSendFeedback } from './api/send-feedback';

export function FeedbackPage() {
  const [params] = useSearchParams();
  const send = useSendFeedback();
  const { control, handleSubmit, formState, setError, reset } = useForm<FeedbackForm>({
    resolver: zodResolver(FeedbackFormSchema),
    defaultValues: { message: '', page: params.get('page') ?? '' },
  });

  const onSubmit = handleSubmit((values) =>
    send.mutateAsync(values).then(
      () => {
        reset({ message: '', page: values.page });
        showAlert({ status: 200, data: { message: 'Thank you! Your feedback was sent.' } });
      },
      (error) => applyServerErrors(error, setError, ['message', 'page']),
    ),
  );

  return (
    <Box sx={{ maxWidth: 720 }}>
      <PageHeader
        title="Feedback"
        subtitle="Tell us what works, what does not, and what you miss. The team reads every message."
      />
      <Card>
        <CardContent>
          <Box
            component="form"
            noValidate
            onSubmit={onSubmit}
            aria-label="Feedback"
            sx={{ display: 'grid', gap: 2 }}
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
            <Box>
              <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
                {formState.isSubmitting ? 'Sending…' : 'Send feedback'}
              </Button>
            </Box>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
