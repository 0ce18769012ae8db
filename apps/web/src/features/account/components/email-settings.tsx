import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useUpdateUserSettings, useUserSettings } from '../../../api/user-settings';
import { QueryView } from '../../../components/ui/query-view';
import { showAlert } from '../../../lib/alert';

const CHOICES = [
  {
    key: 'email_approvals',
    label: 'A publisher decided on approvals I asked for',
  },
  {
    key: 'email_syncs',
    label: 'A feed I made (or, as an admin, any feed) failed to sync or waits for confirmation',
  },
] as const;

/** Which e-mails the user gets (when the server sends e-mail): each kind on or off. */
export function EmailSettings() {
  const settings = useUserSettings();
  const update = useUpdateUserSettings();
  return (
    <QueryView query={settings} error="The e-mail settings could not be loaded.">
      {(data) => (
        <FormGroup>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
            E-mail me when:
          </Typography>
          {CHOICES.map(({ key, label }) => (
            <FormControlLabel
              key={key}
              label={label}
              disabled={update.isPending}
              control={
                <Switch
                  checked={data[key]}
                  onChange={(event) =>
                    update.mutate(
                      { [key]: event.target.checked },
                      { onSuccess: () => showAlert({ status: 200, data: { message: 'Settings saved.' } }) },
                    )
                  }
                />
              }
            />
          ))}
        </FormGroup>
      )}
    </QueryView>
  );
}
