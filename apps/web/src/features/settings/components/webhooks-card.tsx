import type { Webhook } from '@adstudio/contract';
import AddIcon from '@mui/icons-material/Add';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Switch from '@mui/material/Switch';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useRef, useState } from 'react';
import { useWebhooks, webhooksApi } from '../../../api/webhooks';
import { ActionsTableHead } from '../../../components/ui/actions-table-head';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryView } from '../../../components/ui/query-view';
import { ScrollTable } from '../../../components/ui/scroll-region';
import { EmptyState } from '../../../components/ui/states';
import { TitledCard } from '../../../components/ui/titled-card';
import { showAlert } from '../../../lib/alert';
import { formatDateTime } from '../../../lib/format';
import { NewWebhookDialog } from './new-webhook-dialog';
import { DELIVERIES_ID, WebhookDeliveries } from './webhook-deliveries';

const COLUMNS = ['URL', 'Events', 'Active', 'Failing since'];

function WebhookRow({
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
  return (
    <TableRow data-testid="webhook">
      <TableCell component="th" scope="row" sx={{ fontWeight: 500, overflowWrap: 'anywhere', minWidth: 160 }}>
        {webhook.url}
        {webhook.description ? (
          <Box component="span" sx={{ display: 'block', fontWeight: 400, color: 'text.secondary' }}>
            {webhook.description}
          </Box>
        ) : null}
      </TableCell>
      <TableCell>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, minWidth: 160 }}>
          {webhook.events.map((event) => (
            <Chip key={event} size="small" variant="outlined" label={event} />
          ))}
        </Box>
      </TableCell>
      <TableCell>
        <Switch
          checked={webhook.active}
          disabled={update.isPending}
          slotProps={{ input: { 'aria-label': `${webhook.url} active` } }}
          onChange={(event) => update.mutate({ id: webhook.id, body: { active: event.target.checked } })}
        />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {webhook.failing_since ? formatDateTime(webhook.failing_since) : '—'}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
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
      </TableCell>
    </TableRow>
  );
}

/** The webhooks turned off by a day of failures: each says why, with a way back on. */
function DisabledAlerts({ list }: { list: readonly Webhook[] }) {
  const update = webhooksApi.useUpdate();
  return list
    .filter((webhook) => !webhook.active && webhook.disabled_reason)
    .map((webhook) => (
      <Alert
        key={webhook.id}
        severity="warning"
        sx={{ mb: 2, overflowWrap: 'anywhere' }}
        action={
          <Button
            color="inherit"
            size="small"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: webhook.id, body: { active: true } })}
          >
            Turn on
          </Button>
        }
      >
        {webhook.url} turned off: {webhook.disabled_reason}
      </Alert>
    ));
}

/** The company's webhooks (admins): where its events are POSTed, their deliveries, and sending one again. */
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
            <ScrollTable label="Webhooks">
              <ActionsTableHead columns={COLUMNS} />
              <TableBody>
                {list.map((webhook) => (
                  <WebhookRow
                    key={webhook.id}
                    webhook={webhook}
                    open={webhook.id === openId}
                    onToggle={() => setOpenId(webhook.id === openId ? null : webhook.id)}
                    onDelete={() => setDeleting(webhook)}
                  />
                ))}
              </TableBody>
            </ScrollTable>
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
