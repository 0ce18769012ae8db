import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Button from '@mui/material/Button';
import { DisabledReason } from '../../../components/ui/disabled-reason';

/** A report section's "Export CSV", named after its section; disabled, saying why, without rows. */
export function ExportCsvButton({
  title,
  empty = false,
  onExport,
}: {
  title: string;
  empty?: boolean;
  onExport: () => void;
}) {
  return (
    <DisabledReason reason={empty ? 'Nothing to export: the table has no rows.' : null}>
      <Button
        size="small"
        variant="outlined"
        startIcon={<FileDownloadOutlinedIcon />}
        aria-label={`Export CSV ${title.toLowerCase()}`}
        disabled={empty}
        onClick={onExport}
      >
        Export CSV
      </Button>
    </DisabledReason>
  );
}
