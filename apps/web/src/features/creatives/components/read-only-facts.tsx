import type { Creative } from '@adstudio/contract';
import Box from '@mui/material/Box';
import { Fact, Facts } from '../../../components/ui/facts';
import { StatusChip } from '../../../components/ui/status-chip';
import { useCanAccess } from '../../../lib/access';
import { BackupImage } from './backup-image';
import { ServedRules } from './served-rules';

/**
 * What the creative form shows without editing it: the status (moved from the header), the rules
 * its saved profile and filter serve (for users who may read profiles) and its backup image.
 * Nothing is made up: what is not there yet says so.
 */
export function ReadOnlyFacts({ creative }: { creative?: Creative | undefined }) {
  const canReadProfiles = useCanAccess('profiles', 'read');
  return (
    <Facts label="Not edited here" rowGap={1.25}>
      <Fact term="Status">
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <StatusChip status={creative?.status ?? 'draft'} />
          {creative ? 'Change it with “Change status” above.' : 'A new creative starts as a draft.'}
        </Box>
      </Fact>
      {creative?.profile_id && canReadProfiles ? (
        <Fact term="Rules">
          <ServedRules creative={creative} profileId={creative.profile_id} />
        </Fact>
      ) : null}
      <Fact term="Backup image">
        {creative?.fallback_asset_id ? (
          <BackupImage assetId={creative.fallback_asset_id} />
        ) : (
          'No backup image yet — set it from the assets tab.'
        )}
      </Fact>
    </Facts>
  );
}
