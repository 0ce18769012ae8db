import type { Creative } from '@adstudio/contract';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { href } from '../../../config/paths';
import { formatCounted } from '../../../lib/format';
import { useServedRuleIds } from '../api/get-served-rule-ids';

/** How many active rules of its profile the saved creative serves, with its filter applied. */
export function ServedRules({ creative, profileId }: { creative: Creative; profileId: number }) {
  const ids = useServedRuleIds(creative);
  const count = ids.data?.length;
  return (
    <>
      {count !== undefined
        ? `Serves ${formatCounted(count, 'active rule')}`
        : ids.isError
          ? 'Cannot count the rules it serves.'
          : 'Counting the rules it serves…'}
      {' · '}
      <Link component={RouterLink} to={href('profile.view', { id: profileId })}>
        Open the profile
      </Link>
    </>
  );
}
