import type { ExternalPreview } from '@adstudio/contract';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AdFrame } from '../../components/ui/ad-frame';
import { Columns } from '../../components/ui/columns';
import { SectionPanel } from '../../components/ui/section-panel';
import { LoadingState } from '../../components/ui/states';
import { StatusChip } from '../../components/ui/status-chip';
import { TokenLinkError } from '../../components/ui/token-link-error';
import { formatCount } from '../../lib/format';
import { useExternalPreview } from './api/get-external-preview';

type Variant = ExternalPreview['variants'][number];

/** The ad of one variant, and the fallback image beside it. */
function VariantView({ preview, variant }: { preview: ExternalPreview; variant: Variant }) {
  const { creative } = preview;
  return (
    <Columns from="md" gap={2.5} alignTop>
      <SectionPanel title="Ad">
        {variant.render_url ? (
          <AdFrame
            // Another variant is another ad: it starts from the beginning.
            key={variant.rule_id}
            src={variant.render_url}
            width={creative.width}
            height={creative.height}
            title={`Ad: ${variant.reporting_label}`}
          />
        ) : (
          <Typography variant="body2" color="textSecondary">
            No version of this ad is approved yet, so it cannot play here; the fallback image shows what
            viewers see meanwhile.
          </Typography>
        )}
      </SectionPanel>
      <SectionPanel title="Fallback image">
        {preview.fallback_url ? (
          <Box
            component="img"
            src={preview.fallback_url}
            alt={`Fallback image of ${creative.name}`}
            width={creative.width}
            height={creative.height}
            sx={{
              maxWidth: '100%',
              height: 'auto',
              outline: 1,
              outlineColor: 'divider',
              justifySelf: 'start',
            }}
          />
        ) : (
          <Typography variant="body2" color="textSecondary">
            No fallback image is set.
          </Typography>
        )}
      </SectionPanel>
    </Columns>
  );
}

const SIMULATOR_TITLE = 'Which variant would a viewer get?';

/**
 * The simulator behind a button: its form (date and time pickers, places, languages, ~165 KB on the
 * wire) loads when someone opens it, not with the ad everyone comes for. The pointer reaching the
 * button, or the focus, starts the download; once opened it stays, hidden or shown.
 */
function SimulatorPanel({ children, preload }: { children: ReactNode; preload?: (() => void) | undefined }) {
  const [opened, setOpened] = useState(false);
  const [shown, setShown] = useState(false);
  const contentId = useId();
  return (
    <SectionPanel title={SIMULATOR_TITLE}>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="body2" color="textSecondary" sx={{ flex: '1 1 16rem' }}>
          Choose when, where and on what device the ad is seen, and find the variant that viewer gets.
        </Typography>
        <Button
          variant="outlined"
          aria-expanded={shown}
          aria-controls={opened ? contentId : undefined}
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => {
            setOpened(true);
            setShown((value) => !value);
          }}
        >
          {shown ? 'Hide the simulator' : 'Open the simulator'}
        </Button>
      </Box>
      {opened ? (
        <Box id={contentId} hidden={!shown}>
          {children}
        </Box>
      ) : null}
    </SectionPanel>
  );
}

/**
 * `/externalpreview/{token}` (and `/{profileRuleId}`): a creative shared with someone outside —
 * its name, size and status, and its variants to step through (← → keys, or the list), each
 * rendered live in the sandbox beside the fallback image.
 */
export function ExternalPreviewPage({
  simulator,
  preloadSimulator,
}: {
  /** Which variant a viewer would get (the app composes it from the conditions feature); feed-driven creatives only. */
  simulator?: ((token: string, creative: ExternalPreview['creative']) => ReactNode) | undefined;
  /** Starts loading the simulator's code, once someone is about to open it. */
  preloadSimulator?: (() => void) | undefined;
} = {}) {
  const { token = '', profileRuleId } = useParams();
  const navigate = useNavigate();
  const preview = useExternalPreview(token);
  const variants = preview.data?.variants ?? [];
  const chosen = Math.max(
    0,
    variants.findIndex((variant) => String(variant.rule_id) === profileRuleId),
  );
  const variant = variants[chosen];
  const go = (index: number) => {
    const next = variants[index];
    if (next) navigate(`/externalpreview/${token}/${next.rule_id}`, { replace: true });
  };

  useEffect(() => {
    if (variants.length < 2) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (event.altKey || event.ctrlKey || event.metaKey || target?.closest('input, textarea, select'))
        return;
      if (event.key === 'ArrowRight' && chosen < variants.length - 1) go(chosen + 1);
      else if (event.key === 'ArrowLeft' && chosen > 0) go(chosen - 1);
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (preview.isPending) return <LoadingState label="Loading the preview…" />;
  if (preview.isError) return <TokenLinkError error={preview.error} what="the preview" />;
  const { creative } = preview.data;

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h1">{creative.name}</Typography>
        <Stack direction="row" spacing={1.5} sx={{ mt: 1, alignItems: 'center' }}>
          <StatusChip status={creative.status} />
          <Typography variant="body2" color="textSecondary">
            {creative.width} × {creative.height}
          </Typography>
        </Stack>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: {
            xs: 'minmax(0, 1fr)',
            md: variants.length > 1 ? '260px minmax(0, 1fr)' : 'minmax(0, 1fr)',
          },
          alignItems: 'start',
        }}
      >
        {variants.length > 1 ? (
          <Paper variant="outlined" component="nav" aria-label="Variants">
            <Typography variant="subtitle2" sx={{ px: 2, pt: 1.5 }}>
              Variants ({formatCount(preview.data.variants_total)})
            </Typography>
            <List dense sx={{ maxHeight: 520, overflow: 'auto' }}>
              {variants.map((item, index) => (
                <ListItem key={item.rule_id} disablePadding>
                  <ListItemButton
                    selected={index === chosen}
                    aria-current={index === chosen ? 'true' : undefined}
                    onClick={() => go(index)}
                  >
                    <ListItemText primary={item.reporting_label} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
            {preview.data.variants_total > variants.length ? (
              <Typography variant="caption" color="textSecondary" sx={{ display: 'block', px: 2, pb: 1.5 }}>
                The first {formatCount(variants.length)} are listed.
              </Typography>
            ) : null}
          </Paper>
        ) : null}
        {variant ? (
          <Stack spacing={2}>
            {variants.length > 1 ? (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Button
                  size="small"
                  startIcon={<ChevronLeftIcon />}
                  disabled={chosen === 0}
                  onClick={() => go(chosen - 1)}
                >
                  Previous
                </Button>
                <Typography variant="body2" aria-live="polite" sx={{ flex: 1, textAlign: 'center' }}>
                  Variant {chosen + 1} of {variants.length}: <strong>{variant.reporting_label}</strong>
                </Typography>
                <Button
                  size="small"
                  endIcon={<ChevronRightIcon />}
                  disabled={chosen === variants.length - 1}
                  onClick={() => go(chosen + 1)}
                >
                  Next
                </Button>
              </Stack>
            ) : null}
            <VariantView preview={preview.data} variant={variant} />
            {variants.length > 1 ? (
              <Typography variant="caption" color="textSecondary">
                Tip: the ← and → keys step through the variants.
              </Typography>
            ) : null}
          </Stack>
        ) : (
          <Alert severity="info">
            This creative's feed has no active rows, so it has no variant to show.
          </Alert>
        )}
      </Box>
      {simulator && variants.length > 0 && variants[0]?.rule_id !== 0 ? (
        <SimulatorPanel preload={preloadSimulator}>{simulator(token, creative)}</SimulatorPanel>
      ) : null}
    </Stack>
  );
}
