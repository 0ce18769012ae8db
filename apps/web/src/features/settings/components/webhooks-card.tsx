import { WEBHOOK_EVENT_LABELS, type Webhook, type WebhookDelivery } from '@adstudio/contract';
import AddIcon from '@mui/icons-material/Add';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { usePingWebhook, useWebhooks, webhooksApi } from '../../../api/webhooks';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryView } from '../../../components/ui/query-view';
import { EmptyState } from '../../../components/ui/states';
import { TitledCard } from '../../../components/ui/titled-card';
import { showAlert } from '../../../lib/alert';
import { formatDateTime } from '../../../lib/format';
import { NewWebhookDialog } from './new-webhook-dialog';
import { DELIVERIES_ID, WebhookDeliveries } from './webhook-deliveries';
import { receiverAnswer, TurnOnButton } from './webhook-parts';

/** What the test event met: the receiver's status, time and the start of its answer. */
function PingAnswer({ delivery, onClose }: { delivery: WebhookDelivery; onClose: () => void }) {
  const delivered = delivery.status === 'delivered';
  return (
    <Alert
      severity={delivered ? 'success' : 'error'}
      onClose={onClose}
      data-testid="webhook-ping-answer"
      sx={{ overflowWrap: 'anywhere' }}
    >
      {delivered ? 'Test event delivered' : 'Test event not delivered'}: {receiverAnswer(delivery)}.
      {delivery.response_excerpt ? (
        <Box component="span" sx={{ display: 'block', fontFamily: 'monospace', fontSize: '0.8125rem' }}>
          {delivery.response_excerpt}
        </Box>
      ) : null}
    </Alert>
  );
}

/**
 * One webhook as a card, not a table row: its whole URL wraps and stays readable in Settings'
 * column at 1366 px and on a 390 px phone alike, with its events in words and its actions.
 */
function WebhookItem({
  webhook,
  open,
  onToggle,
  onDelete,
}: {
  webhook: Webhook;
  open: boolean;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const update = webhooksApi.useUpdate();
  const ping = usePingWebhook();
  const [answer, setAnswer] = useState<WebhookDelivery | null>(null);
  const titleId = `webhook-${webhook.id}-url`;
  return (
    <Box
      component="li"
      data-testid="webhook"
      aria-labelledby={titleId}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 1.5,
        display: 'grid',
        gap: 1,
        minWidth: 0,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
          <Typography
            id={titleId}
            variant="subtitle2"
            component="h3"
            sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', lineHeight: 1.5 }}
          >
            {webhook.url}
          </Typography>
          {webhook.description ? (
            <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
              {webhook.description}
            </Typography>
          ) : null}
        </Box>
        <FormControlLabel
          label="Active"
          labelPlacement="start"
          sx={{ mr: 0, flexShrink: 0 }}
          control={
            <Switch
              checked={webhook.active}
              disabled={update.isPending}
              slotProps={{ input: { 'aria-label': `${webhook.url} active` } }}
              onChange={(event) => update.mutate({ id: webhook.id, body: { active: event.target.checked } })}
            />
          }
        />
      </Box>
      <Box
        component="ul"
        aria-label="Events"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, m: 0, p: 0, listStyle: 'none' }}
      >
        {webhook.events.map((event) => (
          <Box component="li" key={event}>
            <Chip size="small" variant="outlined" label={WEBHOOK_EVENT_LABELS[event]} title={event} />
          </Box>
        ))}
      </Box>
      {webhook.failing_since ? (
        <Typography variant="body2" color="warning.main">
          Failing since {formatDateTime(webhook.failing_since)}
        </Typography>
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          size="small"
          startIcon={<SendIcon />}
          disabled={ping.isPending}
          aria-label={`Send a test event to ${webhook.url}`}
          onClick={() => {
            setAnswer(null);
            ping.mutate(webhook.id, { onSuccess: setAnswer });
          }}
        >
          {ping.isPending ? 'Sending…' : 'Send test event'}
        </Button>
        <Button
          size="small"
          onClick={onToggle}
          aria-expanded={open}
          aria-controls={open ? DELIVERIES_ID : undefined}
          aria-label={`${open ? 'Hide' : 'Show'} the deliveries to ${webhook.url}`}
          endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
        >
          Deliveries
        </Button>
        <Button size="small" color="error" onClick={onDelete} aria-label={`Delete ${webhook.url}`}>
          Delete
        </Button>
      </Box>
      {answer ? <PingAnswer delivery={answer} onClose={() => setAnswer(null)} /> : null}
    </Box>
  );
}

/** The webhooks turned off by a day of failures: each says why, with a way back on. */
function DisabledAlerts({ list }: { list: readonly Webhook[] }) {
  return list
    .filter((webhook) => !webhook.active && webhook.disabled_reason)
    .map((webhook) => (
      <Alert
        key={webhook.id}
        severity="warning"
        sx={{ mb: 2, overflowWrap: 'anywhere' }}
        action={<TurnOnButton webhook={webhook} />}
      >
        {webhook.url} turned off: {webhook.disabled_reason}
      </Alert>
    ));
}

/** The company's webhooks (admins): where its events are POSTed, a test event, their deliveries, and sending one again. */
export function WebhooksCard() {
  const webhooks = useWebhooks();
  const remove = webhooksApi.useRemove();
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  // The confirmation keeps naming the webhook while it closes.
  const lastDeleting = useRef<Webhook | null>(null);
  if (deleting) lastDeleting.current = deleting;
  const openWebhook = webhooks.data?.find((webhook) => webhook.id === openId);

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => showAlert({ status: 200, data: { message: `Webhook ${deleting.url} deleted.` } }),
      onSettled: () => setDeleting(null),
    });
  };

  return (
    <TitledCard
      title="Webhooks"
      subheader="Addresses that receive the company's events as signed POSTs, for your own systems."
      action={
        <Button startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          New webhook
        </Button>
      }
    >
      <QueryView
        query={webhooks}
        noun="webhooks"
        empty={<EmptyState title="No webhooks yet: add one to receive the company's events." />}
      >
        {(list) => (
          <>
            <DisabledAlerts list={list} />
            <Box component="ul" sx={{ display: 'grid', gap: 1.5, m: 0, p: 0, listStyle: 'none' }}>
              {list.map((webhook) => (
                <WebhookItem
                  key={webhook.id}
                  webhook={webhook}
                  open={webhook.id === openId}
                  onToggle={() => setOpenId(webhook.id === openId ? null : webhook.id)}
                  onDelete={() => setDeleting(webhook)}
                />
              ))}
            </Box>
            {openWebhook ? <WebhookDeliveries webhook={openWebhook} /> : null}
          </>
        )}
      </QueryView>
      <NewWebhookDialog open={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this webhook?"
        message={
          lastDeleting.current
            ? `${lastDeleting.current.url} stops receiving the company's events, and its deliveries are forgotten.`
            : ''
        }
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </TitledCard>
  );
}
