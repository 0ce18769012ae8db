import {
  type AccessTokenCreateInput,
  AccessTokenCreateSchema,
  type NewAccessToken,
  TOKEN_DEFAULT_DAYS,
} from '@adstudio/contract';
import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { useCreateAccessToken } from '../../../api/access-tokens';
import { DialogFormBody, TitledDialog } from '../../../components/ui/form-dialog';
import { FormTextField } from '../../../components/ui/form-text-field';
import { dialogSave } from '../../../lib/dialog-save';
import { useSchemaForm } from '../../../lib/schema-form';

const DAY_MS = 86_400_000;
/** The lifetimes offered, in days; the server's default is the form's. */
const LIFETIMES = [
  { days: '30', label: '30 days' },
  { days: String(TOKEN_DEFAULT_DAYS), label: `${TOKEN_DEFAULT_DAYS} days` },
  { days: '365', label: '1 year' },
] as const;

/** The form's values, keyed as the body is so that a 422 lands on its field; `expires_at` holds days. */
const TokenFormSchema = z.object({
  name: AccessTokenCreateSchema.shape.name,
  abilities: z.enum(['read', 'write']),
  expires_at: z.enum(LIFETIMES.map((lifetime) => lifetime.days)),
});
type TokenValues = z.output<typeof TokenFormSchema>;

/** The body: the abilities as the contract lists them, the expiry left to the server's default. */
export function tokenBody(values: TokenValues, now = Date.now()): AccessTokenCreateInput {
  const days = Number(values.expires_at);
  return {
    name: values.name,
    abilities: values.abilities === 'write' ? ['read', 'write'] : ['read'],
    ...(days === TOKEN_DEFAULT_DAYS ? {} : { expires_at: new Date(now + days * DAY_MS).toISOString() }),
  };
}

interface Props {
  open: boolean;
  onClose: () => void;
  /** The new token, its secret with it: the caller shows it once. */
  onCreated: (token: NewAccessToken) => void;
}

function TokenFields({ onClose, onCreated, titleId }: Omit<Props, 'open'> & { titleId: string }) {
  const create = useCreateAccessToken();
  const abilitiesId = useId();
  const form = useSchemaForm(TokenFormSchema, {
    name: '',
    abilities: 'read',
    expires_at: String(TOKEN_DEFAULT_DAYS),
  });
  const { control } = form;
  const submit = (values: TokenValues) =>
    dialogSave(form, {
      noun: 'token',
      save: async () => {
        const token = await create.mutateAsync(tokenBody(values));
        onCreated(token);
        return token;
      },
      onClose,
    });
  return (
    <DialogFormBody
      form={form}
      titleId={titleId}
      title="New token"
      onSubmit={submit}
      onClose={onClose}
      submitLabel="Create token"
      submittingLabel="Creating…"
    >
      <DialogContentText variant="body2">
        A script sends the token to use the API as you: it may do what you may, within its abilities.
      </DialogContentText>
      <FormTextField
        control={control}
        name="name"
        label="Name"
        required
        autoFocus
        autoComplete="off"
        placeholder="e.g. Nightly report export"
        hint="What uses it, so that you know which to revoke."
      />
      <Controller
        control={control}
        name="abilities"
        render={({ field, fieldState }) => (
          <FormControl error={Boolean(fieldState.error)}>
            <FormLabel id={abilitiesId}>Abilities</FormLabel>
            <RadioGroup
              aria-labelledby={abilitiesId}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              ref={field.ref}
            >
              <FormControlLabel value="read" control={<Radio />} label="Read only" />
              <FormControlLabel value="write" control={<Radio />} label="Read and write" />
            </RadioGroup>
            <FormHelperText>
              {fieldState.error?.message ??
                'A read-only token may look at everything you may, and change nothing.'}
            </FormHelperText>
          </FormControl>
        )}
      />
      <FormTextField
        control={control}
        name="expires_at"
        select
        label="Expires after"
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        hint="It stops working then: make a new one."
      >
        {LIFETIMES.map((lifetime) => (
          <option key={lifetime.days} value={lifetime.days}>
            {lifetime.label}
          </option>
        ))}
      </FormTextField>
    </DialogFormBody>
  );
}

/**
 * A new personal access token: its name, abilities and lifetime, the contract's rules checked
 * before sending, a 422's messages on their fields and the limit's above the buttons.
 */
export function NewTokenDialog({ open, ...props }: Props) {
  return (
    <TitledDialog open={open} onClose={props.onClose}>
      {(titleId) => <TokenFields titleId={titleId} {...props} />}
    </TitledDialog>
  );
}
