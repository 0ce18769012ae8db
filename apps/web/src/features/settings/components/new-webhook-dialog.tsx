import {
  type NewWebhook,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookCreate,
  type WebhookCreateInput,
  WebhookCreateSchema,
} from '@adstudio/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Checkbox from '@mui/material/Checkbox';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useCreateWebhook } from '../../../api/webhooks';
import { CopyField } from '../../../components/ui/copy-field';
import { DialogDoneBody, DialogFormBody, TitledDialog } from '../../../components/ui/form-dialog';
import { FormTextField } from '../../../components/ui/form-text-field';
import { showFailure } from '../../../lib/form-errors';

type Form = ReturnType<typeof useForm<WebhookCreateInput, unknown, WebhookCreate>>;

function EventsField({ form }: { form: Form }) {
  const { field, fieldState } = useController({ control: form.control, name: 'events' });
  const chosen: readonly string[] = field.value ?? [];
  return (
    <FormControl component="fieldset" error={Boolean(fieldState.error)} required>
      <FormLabel component="legend">Events</FormLabel>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' } }}>
        {WEBHOOK_EVENTS.map((event) => (
          <FormControlLabel
            key={event}
            label={WEBHOOK_EVENT_LABELS[event]}
            title={event}
            control={
              <Checkbox
                size="small"
                checked={chosen.includes(event)}
                onChange={(change) =>
                  field.onChange(
                    change.target.checked
                      ? WEBHOOK_EVENTS.filter((one) => one === event || chosen.includes(one))
                      : chosen.filter((one) => one !== event),
                  )
                }
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText>{fieldState.error?.message ?? 'What the webhook is sent.'}</FormHelperText>
    </FormControl>
  );
}

function CreateForm({
  titleId,
  onClose,
  onCreated,
}: {
  titleId: string;
  onClose: () => void;
  onCreated: (webhook: NewWebhook) => void;
}) {
  const form = useForm<WebhookCreateInput, unknown, WebhookCreate>({
    resolver: zodResolver(WebhookCreateSchema),
    defaultValues: { url: '', events: [], description: '' },
  });
  const create = useCreateWebhook();
  const submit = (body: WebhookCreate) =>
    create.mutateAsync(body).then(onCreated, (error: unknown) => {
      showFailure(form, error);
    });
  return (
    <DialogFormBody
      form={form}
      titleId={titleId}
      title="New webhook"
      onSubmit={submit}
      onClose={onClose}
      submitLabel="Create webhook"
      submittingLabel="Creating…"
    >
      <FormTextField
        control={form.control}
        name="url"
        label="URL"
        required
        autoFocus
        autoComplete="off"
        hint="Where the events are POSTed: an http:// or https:// address."
      />
      <EventsField form={form} />
      <FormTextField control={form.control} name="description" label="Description" autoComplete="off" />
    </DialogFormBody>
  );
}

function SecretView({
  titleId,
  webhook,
  onClose,
}: {
  titleId: string;
  webhook: NewWebhook;
  onClose: () => void;
}) {
  return (
    <DialogDoneBody titleId={titleId} title="Copy the webhook's secret" onDone={onClose}>
      <DialogContentText>
        It signs every delivery to {webhook.url} (the X-Adstudio-Signature header; see "Scripts and webhooks"
        in the API guide). You will not see it again.
      </DialogContentText>
      <CopyField label="Signing secret" text={webhook.secret} testId="new-webhook-secret" />
    </DialogDoneBody>
  );
}

/** Creates a webhook, then shows its signing secret this once. */
export function NewWebhookDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<NewWebhook | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    // Once the secret shows, only Done closes: a click beside it would lose the secret.
    <TitledDialog open={open} onClose={created ? () => undefined : close}>
      {(titleId) =>
        created ? (
          <SecretView titleId={titleId} webhook={created} onClose={close} />
        ) : (
          <CreateForm titleId={titleId} onClose={close} onCreated={setCreated} />
        )
      }
    </TitledDialog>
  );
}
