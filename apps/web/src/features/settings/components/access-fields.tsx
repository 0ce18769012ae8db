import { PERMISSIONS, type Permission, type Role } from '@adstudio/contract';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useId } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { PERMISSION_LABELS } from '../team-format';

interface AccessForm extends FieldValues {
  roles?: Role[] | undefined;
  permissions?: Permission[] | undefined;
}

/**
 * What a user may do, in a form with `roles` and `permissions`: the role admin, or any of the six
 * permissions. A 422 on either field (the company's last active admin) shows under its group.
 */
export function AccessFields<T extends AccessForm>({ control }: { control: Control<T> }) {
  const roles = useController({ control, name: 'roles' as FieldPath<T> });
  const permissions = useController({ control, name: 'permissions' as FieldPath<T> });
  const chosen: readonly string[] = permissions.field.value ?? [];
  const admin = ((roles.field.value ?? []) as readonly string[]).includes('admin');
  const hintId = useId();
  const rolesError = roles.fieldState.error?.message;
  const permissionsError = permissions.fieldState.error?.message;

  return (
    <>
      <FormControl component="fieldset" error={Boolean(rolesError)}>
        <FormLabel component="legend">Access</FormLabel>
        <RadioGroup
          value={admin ? 'admin' : 'permissions'}
          onChange={(event) => {
            const toAdmin = event.target.value === 'admin';
            roles.field.onChange(toAdmin ? ['admin'] : []);
            if (toAdmin) permissions.field.onChange([]);
          }}
        >
          <FormControlLabel
            value="admin"
            control={<Radio slotProps={{ input: { ref: roles.field.ref } }} />}
            label="Admin: every section, and Settings with its users"
          />
          <FormControlLabel value="permissions" control={<Radio />} label="Chosen permissions" />
        </RadioGroup>
        {rolesError ? <FormHelperText>{rolesError}</FormHelperText> : null}
      </FormControl>
      {admin ? null : (
        <FormControl component="fieldset" error={Boolean(permissionsError)} aria-describedby={hintId}>
          <FormLabel component="legend">Permissions</FormLabel>
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' } }}>
            {PERMISSIONS.map((permission, index) => (
              <FormControlLabel
                key={permission}
                label={PERMISSION_LABELS[permission]}
                control={
                  <Checkbox
                    size="small"
                    checked={chosen.includes(permission)}
                    {...(index === 0 ? { slotProps: { input: { ref: permissions.field.ref } } } : {})}
                    onChange={(change) =>
                      permissions.field.onChange(
                        change.target.checked
                          ? PERMISSIONS.filter((one) => one === permission || chosen.includes(one))
                          : chosen.filter((one) => one !== permission),
                      )
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          <FormHelperText id={hintId}>
            {permissionsError ??
              'Editing a section lets them read and change it; without any, they see only the dashboard.'}
          </FormHelperText>
        </FormControl>
      )}
    </>
  );
}
