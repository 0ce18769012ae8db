import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { VersionedFormState } from '../../lib/use-versioned-form';
import { ConflictAlert } from './conflict-alert';

/**
 * What an edit form (lib/use-versioned-form) tells above its fields: a save refused because the
 * item changed meanwhile, or edits kept from a save that met an expired session, to restore or
 * discard.
 */
export function VersionedFormAlerts({ edit }: { edit: VersionedFormState }) {
  return (
    <>
      {edit.conflict ? (
        <ConflictAlert noun={edit.noun} reloading={edit.reloading} onReload={edit.reloadAndReapply} />
      ) : null}
      {edit.hasDraft ? (
        <Alert
          severity="info"
          sx={{ mb: 2.5, maxWidth: 720 }}
          action={
            <Box sx={{ display: 'flex', gap: 1, flexShrink: 0 }}>
              <Button color="inherit" variant="outlined" size="small" onClick={edit.restoreDraft}>
                Restore
              </Button>
              <Button color="inherit" size="small" onClick={edit.discardDraft}>
                Discard
              </Button>
            </Box>
          }
        >
          <AlertTitle>You have unsaved changes from before you were signed out</AlertTitle>
          Your session expired while you were saving this {edit.noun}. Restore puts your changes back in the
          form, unsaved; check them, then save.
        </Alert>
      ) : null}
    </>
  );
}
