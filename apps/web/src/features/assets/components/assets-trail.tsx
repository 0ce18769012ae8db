import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { href } from '../../../config/paths';

/** Where an assets page sits: Assets › campaign › creative; the last step is the page itself. */
export function AssetsTrail({
  campaign,
  current,
}: {
  /** The campaign above this page, linked; absent on the campaign's own page. */
  campaign?: { id: number; name: string } | undefined;
  current: string;
}) {
  return (
    <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1 }}>
      <Link component={RouterLink} to={href('assets.view')} color="inherit">
        Assets
      </Link>
      {campaign ? (
        <Link component={RouterLink} to={href('assets.campaign', { id: campaign.id })} color="inherit">
          {campaign.name}
        </Link>
      ) : null}
      <Typography color="textPrimary" aria-current="page" noWrap sx={{ maxWidth: 360 }}>
        {current}
      </Typography>
    </Breadcrumbs>
  );
}
