import {
  isAdmin,
  PERMISSIONS,
  ROLES,
  SsoModeSchema,
  type SsoSettings,
  type SsoUpdateInput,
  SsoUpdateSchema,
} from '@adstudio/contract';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Switch from '@mui/material/Switch';
import { type Path, type UseFormReturn, useController, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { useSaveSso } from '../../../api/sso';
import { teamQuery, usersApi } from '../../../api/users';
import { DialogFormBody, TitledDialog } from '../../../components/ui/form-dialog';
import { FormTextField } from '../../../components/ui/form-text-field';
import { showAlert } from '../../../lib/alert';
import { useSchemaForm } from '../../../lib/schema-form';
import { AccessFields } from './access-fields';

/**
 * The form's values: the contract's body with the domains as typed (one text) and the JIT access
 * under the names the shared access fields use. A blank secret keeps the stored one.
 */
const FormSchema = z.object({
  issuer: SsoUpdateSchema.shape.issuer,
  client_id: SsoUpdateSchema.shape.client_id,
  client_secret: z.string(),
  domains: z.string(),
  mode: SsoModeSchema,
  roles: z.array(z.enum(ROLES)),
  permissions: z.array(z.enum(PERMISSIONS)),
  required: z.boolean(),
  break_glass_user_ids: z.array(z.number()),
});
type FormValues = z.output<typeof FormSchema>;
type Form = UseFormReturn<FormValues>;

/** The body the form's values make. */
const bodyOf = ({ client_secret, domains, roles, permissions, ...rest }: FormValues): SsoUpdateInput => ({
  ...rest,
  ...(client_secret.trim() ? { client_secret } : {}),
  domains: domains.split(/[\s,;]+/).filter(Boolean),
  default_roles: roles,
  default_permissions: permissions,
});

/** A 422's key as the form names its field (`domains.1` → `domains`, `default_permissions` → `permissions`). */
const fieldOf = (key: string): Path<FormValues> | undefined => {
  const [head] = key.split('.');
  if (head === 'default_roles') return 'roles';
  if (head === 'default_permissions') return 'permissions';
  const fields: readonly string[] = [
    'issuer',
    'client_id',
    'client_secret',
    'domains',
    'mode',
    'required',
    'break_glass_user_ids',
  ];
  return head && fields.includes(head) ? (head as Path<FormValues>) : undefined;
};

const valuesOf = (settings: SsoSettings | null): FormValues => ({
  issuer: settings?.issuer ?? '',
  client_id: settings?.client_id ?? '',
  client_secret: '',
  domains: settings?.domains.join(', ') ?? '',
  mode: settings?.mode ?? 'invited',
  roles: (settings?.default_roles ?? []) as FormValues['roles'],
  permissions: (settings?.default_permissions ?? []) as FormValues['permissions'],
  required: settings?.required ?? false,
  break_glass_user_ids: settings?.break_glass_user_ids ?? [],
});

/** The company's active admins, any of whom may keep their password while SSO is required. */
function BreakGlassField({ form }: { form: Form }) {
  const { field, fieldState } = useController({ control: form.control, name: 'break_glass_user_ids' });
  const team = usersApi.useList(teamQuery({ filter: '', status: 'active', page: 1, itemsPerPage: 100 }));
  const admins = (team.data?.data ?? []).filter((member) => isAdmin(member));
  const chosen: readonly number[] = field.value ?? [];
  return (
    <FormControl component="fieldset" error={Boolean(fieldState.error)}>
      <FormLabel component="legend">Break-glass admins</FormLabel>
      <FormGroup>
        {admins.map((admin) => (
          <FormControlLabel
            key={admin.id}
            label={`${admin.name} (${admin.email})`}
            control={
              <Checkbox
                size="small"
                checked={chosen.includes(admin.id)}
                onChange={(change) =>
                  field.onChange(
                    change.target.checked ? [...chosen, admin.id] : chosen.filter((id) => id !== admin.id),
                  )
                }
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText>
        {fieldState.error?.message ??
          'They may still sign in with their password, should the identity provider be unreachable.'}
      </FormHelperText>
    </FormControl>
  );
}

function ModeField({ form }: { form: Form }) {
  const { field } = useController({ control: form.control, name: 'mode' });
  return (
    <FormControl component="fieldset">
      <FormLabel component="legend">Someone the provider signs in who has no account here</FormLabel>
      <RadioGroup value={field.value} onChange={(event) => field.onChange(event.target.value)}>
        <FormControlLabel value="invited" control={<Radio />} label="Is refused: only invited users join" />
        <FormControlLabel value="jit" control={<Radio />} label="Gets an account with the access below" />
      </RadioGroup>
    </FormControl>
  );
}

function RequiredField({ form }: { form: Form }) {
  const { field } = useController({ control: form.control, name: 'required' });
  return (
    <FormControlLabel
      control={<Switch checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />}
      label="Require single sign-on: passwords stop working, but for break-glass admins"
    />
  );
}

function SsoForm({
  titleId,
  settings,
  onClose,
}: {
  titleId: string;
  settings: SsoSettings | null;
  onClose: () => void;
}) {
  const form: Form = useSchemaForm(FormSchema, valuesOf(settings));
  const [mode, required] = useWatch({ control: form.control, name: ['mode', 'required'] });
  const save = useSaveSso();
  const submit = (values: FormValues) =>
    save.mutateAsync(bodyOf(values)).then(() => {
      showAlert({ status: 200, data: { message: 'Single sign-on saved.' } });
      onClose();
    });
  return (
    <DialogFormBody
      form={form}
      titleId={titleId}
      title={settings ? 'Edit single sign-on' : 'Set up single sign-on'}
      onSubmit={submit}
      onClose={onClose}
      submitLabel="Save single sign-on"
      fieldOf={fieldOf}
    >
      <FormTextField
        control={form.control}
        name="issuer"
        label="Issuer URL"
        required
        autoFocus
        autoComplete="off"
        hint="The OpenID provider's issuer, e.g. https://login.example.com/tenant (https only)."
      />
      <FormTextField control={form.control} name="client_id" label="Client ID" required autoComplete="off" />
      <FormTextField
        control={form.control}
        name="client_secret"
        label="Client secret"
        type="password"
        required={!settings?.has_secret}
        autoComplete="new-password"
        hint={settings?.has_secret ? 'Stored and never shown: leave empty to keep it.' : undefined}
      />
      <FormTextField
        control={form.control}
        name="domains"
        label="Email domains"
        required
        autoComplete="off"
        hint="Whose users sign in with this provider, separated by commas: example.com, example.org."
      />
      <ModeField form={form} />
      {mode === 'jit' ? <AccessFields control={form.control} /> : null}
      <RequiredField form={form} />
      {required ? <BreakGlassField form={form} /> : null}
    </DialogFormBody>
  );
}

/** Sets up or edits the company's single sign-on; a 422 shows on its field. Each opening starts afresh. */
export function SsoDialog({
  open,
  settings,
  onClose,
}: {
  open: boolean;
  settings: SsoSettings | null;
  onClose: () => void;
}) {
  return (
    <TitledDialog open={open} onClose={onClose}>
      {(titleId) => <SsoForm titleId={titleId} settings={settings} onClose={onClose} />}
    </TitledDialog>
  );
}
