import type { CreativeVariant } from '@adstudio/contract';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ScaledFrame } from '../../../components/ui/scaled-frame';
import type { CardMedia, GridLayout } from '../variant-layout';

export const variantName = (variant: Pick<CreativeVariant, 'reporting_label' | 'unique_id'>) =>
  variant.reporting_label || variant.unique_id;

const MEDIA_NOTE: Record<CardMedia, string> = {
  backup: 'Backup image',
  live: 'Live',
  waiting: 'Plays in view',
  none: 'Nothing renders yet',
};

/** The card's ad: its backup image, its live render, or its place with why it is empty. */
function Media({
  variant,
  media,
  layout,
  size,
}: {
  variant: CreativeVariant;
  media: CardMedia;
  layout: GridLayout;
  size: { width: number; height: number };
}) {
  const box = { width: layout.adWidth, height: layout.adHeight };
  if (media === 'backup' && variant.backup_url)
    return (
      <Box
        component="img"
        src={variant.backup_url}
        alt={`Backup image of ${variantName(variant)}`}
        loading="lazy"
        sx={{ ...box, display: 'block', objectFit: 'contain', outline: 1, outlineColor: 'divider' }}
      />
    );
  if (media === 'live' && variant.render_url)
    return (
      <ScaledFrame
        src={variant.render_url}
        width={size.width}
        height={size.height}
        scale={layout.scale}
        title={`Variant ${variantName(variant)}`}
      />
    );
  return (
    <Box
      sx={{
        ...box,
        border: 1,
        borderStyle: 'dashed',
        borderColor: 'divider',
        display: 'grid',
        placeItems: 'center',
        color: 'text.secondary',
        typography: 'caption',
        textAlign: 'center',
        p: 1,
      }}
    >
      {media === 'none' ? 'No approved package' : `${size.width} × ${size.height}`}
    </Box>
  );
}

const line = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/**
 * One variant in the grid: its ad at the grid's scale, its reporting label (a button that opens
 * it), Unique_ID, how it is shown, default and inactive markers, its conditions, and its rule.
 */
export function VariantCard({
  variant,
  media,
  layout,
  size,
  conditionNames,
  ruleHref,
  onOpen,
}: {
  variant: CreativeVariant;
  media: CardMedia;
  layout: GridLayout;
  size: { width: number; height: number };
  conditionNames: string[];
  ruleHref: string;
  onOpen: () => void;
}) {
  const name = variantName(variant);
  return (
    <Box
      component="li"
      data-testid="variant-card"
      data-rule-id={variant.rule_id}
      data-media={media}
      sx={{
        height: layout.cardHeight,
        p: 1.5,
        border: 1,
        borderColor: variant.is_default ? 'primary.main' : 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        display: 'grid',
        gridTemplateRows: `${layout.adHeight}px auto`,
        rowGap: 1,
        minWidth: 0,
        // An inactive rule's card is dashed, not faded: its text keeps its contrast.
        borderStyle: variant.active ? 'solid' : 'dashed',
      }}
    >
      <Box sx={{ display: 'grid', placeItems: 'center', minWidth: 0 }}>
        <Media variant={variant} media={media} layout={layout} size={size} />
      </Box>
      <Box sx={{ minWidth: 0, display: 'grid', rowGap: 0.25, alignContent: 'start' }}>
        <ButtonBase
          onClick={onOpen}
          aria-label={`Open variant ${name}`}
          sx={{
            ...line,
            display: 'block',
            textAlign: 'left',
            typography: 'subtitle2',
            borderRadius: 0.5,
            '&:hover': { textDecoration: 'underline' },
            '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
          }}
        >
          {name}
        </ButtonBase>
        <Typography variant="caption" color="textSecondary" sx={line}>
          {variant.unique_id} · {MEDIA_NOTE[media]}
        </Typography>
        <Box sx={{ display: 'flex', gap: 0.5, minWidth: 0, height: 24, overflow: 'hidden' }}>
          {variant.is_default ? <Chip size="small" color="primary" label="Default" /> : null}
          {variant.active ? null : <Chip size="small" label="Inactive" />}
          {conditionNames.length ? (
            <Chip size="small" variant="outlined" label={conditionNames.join(', ')} sx={{ minWidth: 0 }} />
          ) : null}
        </Box>
        <Link component={RouterLink} to={ruleHref} variant="caption" sx={line}>
          Rule {variant.unique_id} in the feed
        </Link>
      </Box>
    </Box>
  );
}
