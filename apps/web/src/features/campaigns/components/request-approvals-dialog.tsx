import {
  type ApprovalLink,
  ApprovalRequestSchema,
  type Creative,
  type MediaEntity,
} from '@adstudio/contract';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useCampaignCreatives } from '../../../api/creatives';
// The publishers are the settings section's list; the server lets campaign writers read it.
import { usePublisherOptions } from '../../../api/media-entities';
import { DateField } from '../../../components/ui/date-field';
import { INVALID_DATE } from '../../../components/ui/date-value';
import { DialogDoneBody } from '../../../components/ui/form-dialog';
import { QueryView } from '../../../components/ui/query-view';
import { copyLink, SharedLinkText } from '../../../components/ui/shared-link';
import { showAlert } from '../../../lib/alert';
import { errorMessage } from '../../../lib/api-client';
import { serverErrors } from '../../../lib/form-errors';
import { formatCounted } from '../../../lib/format';
import { useRequestApprovals } from '../api/request-approvals';
import { approvalLinkUrl } from './approval-links';

type Field = 'creative_ids' | 'media_entity_ids' | 'expires_at';
type Errors = Partial<Record<Field | 'form', string>>;
const FIELDS: readonly Field[] = ['creative_ids', 'media_entity_ids', 'expires_at'];

/** Messages by field: `creative_ids.3` counts as `creative_ids`; keys without a field go above the buttons. */
function byField(messages: Record<string, string>): Errors {
  const errors: Errors = {};
  const rest: string[] = [];
  for (const [key, message] of Object.entries(messages)) {
    const field = FIELDS.find((name) => key === name || key.startsWith(`${name}.`));
    if (field) errors[field] ??= message;
    else rest.push(message);
  }
  if (rest.length) errors.form = rest.join(' ');
  return errors;
}

/** The campaign's creatives to send, with one box to choose them all. */
function CreativesField({
  creatives,
  chosen,
  onChange,
  error,
}: {
  creatives: Creative[];
  chosen: ReadonlySet<number>;
  onChange: (chosen: Set<number>) => void;
  error: string | undefined;
}) {
  const legendId = useId();
  const errorId = useId();
  const all = creatives.length > 0 && creatives.every((creative) => chosen.has(creative.id));
  const some = creatives.some((creative) => chosen.has(creative.id));
  const toggle = (id: number) => {
    const next = new Set(chosen);
    if (!next.delete(id)) next.add(id);
    onChange(next);
  };
  return (
    <Box
      component="fieldset"
      aria-labelledby={legendId}
      aria-describedby={error ? errorId : undefined}
      sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}
    >
      <Typography id={legendId} component="legend" variant="subtitle2" sx={{ p: 0 }}>
        Creatives
      </Typography>
      {creatives.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          This campaign has no creatives yet.
        </Typography>
      ) : (
        <>
          <FormControlLabel
            label={`All creatives (${chosen.size} of ${creatives.length} chosen)`}
            control={
              <Checkbox
                checked={all}
                indeterminate={some && !all}
                onChange={() => onChange(new Set(all ? [] : creatives.map((creative) => creative.id)))}
              />
            }
          />
          <List
            dense
            disablePadding
            sx={{
              maxHeight: 260,
              overflow: 'auto',
              pl: 3,
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
            }}
          >
            {creatives.map((creative) => (
              <ListItem key={creative.id} disablePadding data-testid="request-creative">
                <FormControlLabel
                  label={`${creative.name} · ${creative.width} × ${creative.height}`}
                  control={
                    <Checkbox checked={chosen.has(creative.id)} onChange={() => toggle(creative.id)} />
                  }
                />
              </ListItem>
            ))}
          </List>
        </>
      )}
      {error ? (
        <FormHelperText id={errorId} error>
          {error}
        </FormHelperText>
      ) : null}
    </Box>
  );
}

/** Every publisher of the company, to choose several. */
function PublishersField({
  value,
  onChange,
  error,
}: {
  value: MediaEntity[];
  onChange: (value: MediaEntity[]) => void;
  error: string | undefined;
}) {
  const publishers = usePublisherOptions();
  return (
    <Autocomplete
      multiple
      options={publishers.data?.data ?? []}
      loading={publishers.isPending}
      value={value}
      onChange={(_event, next) => onChange(next)}
      getOptionLabel={(option) => option.name}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      filterSelectedOptions
      noOptionsText={publishers.isError ? errorMessage(publishers.error) : 'No publishers match.'}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Publishers"
          required={value.length === 0}
          error={Boolean(error)}
          helperText={error ?? 'Each publisher gets one link to decide on every chosen creative.'}
        />
      )}
    />
  );
}

/** What the request gave: each publisher's link to send them. */
function RequestedLinks({ links }: { links: ApprovalLink[] }) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Alert severity="success">
        Approval requested. Send each publisher its link; they need no account to decide.
      </Alert>
      <List disablePadding>
        {links.map((link) => {
          const url = approvalLinkUrl(link);
          return (
            <ListItem
              key={link.id}
              disableGutters
              data-testid="requested-approval-link"
              secondaryAction={
                <Tooltip title="Copy link">
                  <IconButton
                    aria-label={`Copy the link for ${link.media_entity.name}`}
                    onClick={() => void copyLink(url)}
                  >
                    <ContentCopyIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              }
              sx={{ display: 'grid', gap: 0.5, pr: 6 }}
            >
              <Typography variant="subtitle2">{link.media_entity.name}</Typography>
              <SharedLinkText url={url} testId="requested-approval-link-url" />
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}

function RequestForm({
  campaignId,
  titleId,
  onClose,
}: {
  campaignId: number;
  titleId: string;
  onClose: () => void;
}) {
  const creatives = useCampaignCreatives(campaignId);
  const request = useRequestApprovals();
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [publishers, setPublishers] = useState<MediaEntity[]>([]);
  const [expires, setExpires] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [links, setLinks] = useState<ApprovalLink[] | null>(null);

  const submit = () => {
    // The field already says what is wrong with a half-typed expiry.
    if (expires === INVALID_DATE) return;
    const parsed = ApprovalRequestSchema.safeParse({
      creative_ids: [...chosen],
      media_entity_ids: publishers.map((publisher) => publisher.id),
      expires_at: expires ? new Date(expires).toISOString() : null,
    });
    if (!parsed.success) {
      const messages: Record<string, string> = {};
      for (const issue of parsed.error.issues) messages[issue.path.join('.')] ??= issue.message;
      setErrors(byField(messages));
      return;
    }
    setErrors({});
    request.mutate(
      { id: campaignId, body: parsed.data },
      {
        onSuccess: (created) => {
          setLinks(created);
          showAlert({
            status: 200,
            data: { message: `Approval requested from ${formatCounted(created.length, 'publisher')}.` },
          });
        },
        onError: (error) => {
          const found = byField(serverErrors(error));
          setErrors(Object.keys(found).length ? found : { form: errorMessage(error) });
        },
      },
    );
  };

  if (links)
    return (
      <DialogDoneBody titleId={titleId} title="Publisher links" onDone={onClose}>
        <RequestedLinks links={links} />
      </DialogDoneBody>
    );

  return (
    <Box
      component="form"
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <DialogTitle id={titleId}>Request approval</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2.5, pt: '8px !important' }}>
        <QueryView
          query={creatives}
          pending="Loading the creatives…"
          error="The creatives could not be loaded."
        >
          {(list) => (
            <CreativesField
              creatives={list.data}
              chosen={chosen}
              onChange={setChosen}
              error={errors.creative_ids}
            />
          )}
        </QueryView>
        <PublishersField value={publishers} onChange={setPublishers} error={errors.media_entity_ids} />
        <DateField
          label="Expires (optional)"
          withTime
          value={expires}
          onChange={setExpires}
          error={Boolean(errors.expires_at)}
          helperText={errors.expires_at ?? 'Without an expiry the links work until they are revoked.'}
        />
        {errors.form ? (
          <Alert severity="error" role="alert">
            {errors.form}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={request.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={request.isPending}
          data-testid="send-approval-request"
        >
          {request.isPending ? 'Requesting…' : 'Request approval'}
        </Button>
      </DialogActions>
    </Box>
  );
}

/** Asks publishers to approve creatives of the campaign; on success shows each publisher's link. */
export function RequestApprovalsDialog({
  campaignId,
  open,
  onClose,
}: {
  campaignId: number;
  open: boolean;
  onClose: () => void;
}) {
  // Named here: the title's own id (not MUI's) names the dialog in both of its steps.
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      {open ? <RequestForm campaignId={campaignId} titleId={titleId} onClose={onClose} /> : null}
    </Dialog>
  );
}
