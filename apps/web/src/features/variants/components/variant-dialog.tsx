import { type CreativeVariant, isRuleColumn } from '@adstudio/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AdFrame } from '../../../components/ui/ad-frame';
import { Fact, Facts } from '../../../components/ui/facts';
import { TitledDialog } from '../../../components/ui/form-dialog';
import { variantName } from './variant-card';

const cellText = (value: CreativeVariant['data'][string]) =>
  value === null || value === '' ? '—' : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value);

/** One variant opened from the grid: live at full size (Replay), its backup image, its rule's fields. */
export function VariantDialog({
  variant,
  size,
  conditionNames,
  ruleHref,
  onClose,
}: {
  variant: CreativeVariant | null;
  size: { width: number; height: number };
  conditionNames: (variant: CreativeVariant) => string[];
  ruleHref: (variant: CreativeVariant) => string;
  onClose: () => void;
}) {
  return (
    <TitledDialog open={variant !== null} onClose={onClose} maxWidth="md">
      {(titleId) =>
        variant ? (
          <>
            <DialogTitle id={titleId}>{variantName(variant)}</DialogTitle>
            <DialogContent>
              <Stack spacing={2.5}>
                {variant.render_url ? (
                  <AdFrame
                    src={variant.render_url}
                    width={size.width}
                    height={size.height}
                    title={`Variant ${variantName(variant)}, live`}
                    maxHeight={420}
                  />
                ) : (
                  <Typography variant="body2" color="textSecondary">
                    No package is approved yet, so the variant cannot render here.
                  </Typography>
                )}
                {variant.backup_url ? (
                  <Box
                    component="img"
                    src={variant.backup_url}
                    alt={`Backup image of ${variantName(variant)}`}
                    sx={{
                      maxWidth: '100%',
                      width: size.width,
                      height: 'auto',
                      outline: 1,
                      outlineColor: 'divider',
                    }}
                  />
                ) : null}
                <Facts label="The variant's rule">
                  <Fact term="Unique_ID">{variant.unique_id}</Fact>
                  <Fact term="Reporting_Label">{variant.reporting_label || '—'}</Fact>
                  <Fact term="Default">{variant.is_default ? 'Yes' : 'No'}</Fact>
                  <Fact term="Active">{variant.active ? 'Yes' : 'No'}</Fact>
                  <Fact term="Conditions">{conditionNames(variant).join(', ') || 'None'}</Fact>
                  {Object.entries(variant.data)
                    .filter(([column]) => !isRuleColumn(column))
                    .map(([column, value]) => (
                      <Fact key={column} term={column}>
                        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
                          {cellText(value)}
                        </Box>
                      </Fact>
                    ))}
                </Facts>
              </Stack>
            </DialogContent>
            <DialogActions>
              <Link component={RouterLink} to={ruleHref(variant)} sx={{ mr: 'auto', ml: 1 }}>
                Open the rule in its feed
              </Link>
              <Button onClick={onClose}>Close</Button>
            </DialogActions>
          </>
        ) : null
      }
    </TitledDialog>
  );
}
