import { sheetUrl } from '@adstudio/contract';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Link from '@mui/material/Link';

/** The sheet of a profile, opened in a new tab (spec section 2: 'Open Data Feed'). */
export function OpenDataFeedLink({ gsheetId }: { gsheetId: string }) {
  return (
    <Link
      href={sheetUrl(gsheetId)}
      target="_blank"
      rel="noopener noreferrer"
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, whiteSpace: 'nowrap' }}
    >
      Open Data Feed
      <OpenInNewIcon sx={{ fontSize: 14 }} aria-hidden />
    </Link>
  );
}
