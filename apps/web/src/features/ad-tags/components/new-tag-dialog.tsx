import {
  AD_SERVER_LABELS,
  AD_SERVERS,
  type AdTag,
  AdTagCreateSchema,
  type MediaEntity,
} from '@adstudio/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { adTagsApi } from '../../../api/ad-tags';
import { DialogFormBody, TitledDialog } from '../../../components/ui/form-dialog';
import { dialogSave } from '../../../lib/dialog-save';

/** The form's values: the publisher as the select holds it ('' for none), and the ad server. */
const TagFormSchema = z.object({
  name: AdTagCreateSchema.shape.name,
  media_entity_id: z.string(),
  ad_server: z.enum(AD_SERVERS),
});
type TagForm = z.input<typeof TagFormSchema>;

interface Props {
  creativeId: number;
  open: boolean;
  /** The company's publishers; undefined when this user may not read them (the field is left out). */
  publishers: MediaEntity[] | undefined;
  onClose: () => void;
  onCreated: (tag: AdTag) => void;
}

function TagFields({
  creativeId,
  publishers,
  onClose,
  onCreated,
  titleId,
}: Omit<Props, 'open'> & { titleId: string }) {
  const create = adTagsApi.useCreate();
  const form = useForm<TagForm, unknown, z.output<typeof TagFormSchema>>({
    resolver: zodResolver(TagFormSchema),
    defaultValues: { name: '', media_entity_id: '', ad_server: 'gam' },
  });
  const { formState, register } = form;
  const submit = (values: z.output<typeof TagFormSchema>) =>
    dialogSave(form, {
      noun: 'tag',
      save: async () => {
        const tag = await create.mutateAsync({
          parentId: creativeId,
          body: {
            name: values.name,
            media_entity_id: values.media_entity_id ? Number(values.media_entity_id) : null,
            ad_server: values.ad_server,
          },
        });
        onCreated(tag);
        return tag;
      },
      onClose,
    });
  return (
    <DialogFormBody
      form={form}
      titleId={titleId}
      title="New tag"
      onSubmit={submit}
      onClose={onClose}
      submitLabel="Create tag"
      submittingLabel="Creating…"
    >
      <DialogContentText variant="body2">
        One tag per placement: its snippet goes into the ad server's creative for that slot.
      </DialogContentText>
      <TextField
        label="Placement"
        required
        autoFocus
        placeholder="e.g. Homepage MPU"
        {...register('name')}
        error={Boolean(formState.errors.name)}
        helperText={formState.errors.name?.message ?? 'What the tag is for, as traffickers call the slot.'}
      />
      <TextField
        select
        label="Ad server"
        {...register('ad_server')}
        defaultValue="gam"
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        error={Boolean(formState.errors.ad_server)}
        helperText={
          formState.errors.ad_server?.message ??
          'The snippets carry its click and cache-buster macros; Generic has none.'
        }
      >
        {AD_SERVERS.map((server) => (
          <option key={server} value={server}>
            {AD_SERVER_LABELS[server]}
          </option>
        ))}
      </TextField>
      {publishers ? (
        <TextField
          select
          label="Publisher (optional)"
          {...register('media_entity_id')}
          defaultValue=""
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          error={Boolean(formState.errors.media_entity_id)}
          helperText={
            formState.errors.media_entity_id?.message ??
            'A tag for a publisher serves only what they approved, when the campaign asked them.'
          }
        >
          <option value="">No publisher</option>
          {publishers.map((publisher) => (
            <option key={publisher.id} value={String(publisher.id)}>
              {publisher.name}
            </option>
          ))}
        </TextField>
      ) : null}
    </DialogFormBody>
  );
}

/**
 * A new tag for one placement and ad server, optionally a publisher's: the contract's rules checked before
 * sending, a 422's messages on their fields, anything else above the buttons. Escape and Cancel close it.
 */
export function NewTagDialog({ open, ...props }: Props) {
  return (
    <TitledDialog open={open} onClose={props.onClose}>
      {(titleId) => <TagFields titleId={titleId} {...props} />}
    </TitledDialog>
  );
}
