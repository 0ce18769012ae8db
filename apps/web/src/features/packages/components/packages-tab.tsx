import type { Creative, Package } from '@adstudio/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { packagesApi } from '../../../api/packages';
import { QueryView } from '../../../components/ui/query-view';
import { EmptyState } from '../../../components/ui/states';
import { useCanAccess } from '../../../lib/access';
import { useUnpackOutcomes } from '../unpack-alerts';
import { PackagePreviewDialog } from './package-preview-dialog';
import { PackageRequirements } from './package-requirements';
import { PackageUpload } from './package-upload';
import { PackageVersion } from './package-version';

/**
 * The creative's HTML5 packages: upload the next version, follow its unpacking, read its findings,
 * preview it in the sandbox, approve or reject it. Packages are an assets permission (docs/design.md §6).
 */
export function PackagesTab({ creative }: { creative: Creative }) {
  return useCanAccess('assets', 'read') ? (
    <PackagesBody creative={creative} />
  ) : (
    <Alert severity="info">Seeing a creative's packages needs the assets permission.</Alert>
  );
}

function PackagesBody({ creative }: { creative: Creative }) {
  const canWrite = useCanAccess('assets', 'write');
  const packages = packagesApi.useList(creative.id);
  useUnpackOutcomes(packages.data);
  const [previewing, setPreviewing] = useState<Package | null>(null);
  const size = { width: creative.width, height: creative.height };

  return (
    <Box sx={{ display: 'grid', gap: 2.5 }}>
      {canWrite ? <PackageUpload creativeId={creative.id} {...size} /> : null}
      <QueryView
        query={packages}
        noun="packages"
        empty={
          <EmptyState
            title={
              canWrite
                ? 'No package yet — upload the HTML5 zip of this creative.'
                : 'No package yet — the HTML5 zip of this creative has not been uploaded.'
            }
          >
            <PackageRequirements {...size} />
          </EmptyState>
        }
      >
        {(list) => (
          <Box
            component="ol"
            aria-label="Package versions"
            sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2 }}
          >
            {list.map((pkg) => (
              <PackageVersion key={pkg.id} pkg={pkg} canWrite={canWrite} onPreview={setPreviewing} />
            ))}
          </Box>
        )}
      </QueryView>
      <PackagePreviewDialog pkg={previewing} size={size} onClose={() => setPreviewing(null)} />
    </Box>
  );
}
