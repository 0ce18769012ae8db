import { WEBHOOK_EVENT_LABELS, WEBHOOK_PING, type Webhook, type WebhookDelivery } from '@adstudio/contract';
import RefreshIcon from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useRedeliverWebhookDelivery, useWebhookDeliveries } from '../../../api/webhooks';
import { ActionsTableHead } from '../../../components/ui/actions-table-head';
import { QueryView } from '../../../components/ui/query-view';
import { ScrollTable } from '../../../components/ui/scroll-region';
import { alertFromError, showAlert } from '../../../lib/alert';
import { errorMessage, errorStatus } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/format';
import { receiverAnswer, TurnOnButton } from './webhook-parts';

export const DELIVERIES_ID = 'webhook-deliveries';
const COLUMNS = ['Event', 'Status', 'Answer', 'When'];
const STATUS_COLOR = { delivered: 'success', failed: 'error', pending: 'default' } as const;

function DeliveryRow({
  webhook,
  delivery,
  onOff,
}: {
  webhook: Webhook;
  delivery: WebhookDelivery;
  /** The server refused: the webhook is off (its words). */
  onOff: (message: string) => void;
}) {
  const redeliver = useRedeliverWebhookDelivery();
  const send = () =>
    redeliver.mutate(
      { webhookId: webhook.id, deliveryId: delivery.id },
      {
        onSuccess: () => showAlert({ status: 200, data: { message: 'Delivery queued to be sent again.' } }),
        onError: (error) =>
          errorStatus(error) === 409 ? onOff(errorMessage(error)) : showAlert(alertFromError(error)),
      },
    );
  return (
    <TableRow data-testid="webhook-delivery">
      <TableCell component="th" scope="row" title={delivery.event}>
        {WEBHOOK_EVENT_LABELS[delivery.event]}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Chip size="small" variant="outlined" color={STATUS_COLOR[delivery.status]} label={delivery.status} />
        {delivery.attempt > 1 ? ` ${delivery.attempt} tries` : null}
      </TableCell>
      <TableCell sx={{ maxWidth: 220 }}>
        <Box component="span" sx={{ display: 'block', whiteSpace: 'nowrap' }}>
          {receiverAnswer(delivery)}
        </Box>
        {delivery.response_excerpt ? (
          <Box
            component="span"
            title={delivery.response_excerpt}
            sx={{
              display: 'block',
              color: 'text.secondary',
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {delivery.response_excerpt}
          </Box>
        ) : null}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(delivery.delivered_at ?? delivery.created_at)}
      </TableCell>
      <TableCell align="right">
        {/* A test event is sent anew (Send test event), not again. */}
        {delivery.event === WEBHOOK_PING ? null : (
          <Button
            size="small"
            disabled={redeliver.isPending}
            aria-label={`Redeliver ${WEBHOOK_EVENT_LABELS[delivery.event]} of ${formatDateTime(delivery.created_at)}`}
            onClick={send}
          >
            Redeliver
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

/** A webhook's latest deliveries, newest first, each of which may be sent again while it is on. */
export function WebhookDeliveries({ webhook }: { webhook: Webhook }) {
  const deliveries = useWebhookDeliveries(webhook.id);
  // Why a redelivery was refused, until the webhook is turned on.
  const [off, setOff] = useState<string | null>(null);
  return (
    <Box id={DELIVERIES_ID} sx={{ display: 'grid', gap: 1, mt: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="subtitle2" component="h3" sx={{ flex: '1 1 200px', overflowWrap: 'anywhere' }}>
          Deliveries to {webhook.url}
        </Typography>
        <Button
          size="small"
          startIcon={<RefreshIcon />}
          disabled={deliveries.isFetching}
          onClick={() => void deliveries.refetch()}
        >
          Refresh
        </Button>
      </Box>
      {off && !webhook.active ? (
        <Alert
          severity="warning"
          data-testid="webhook-off"
          action={<TurnOnButton webhook={webhook} onDone={() => setOff(null)} />}
        >
          {off}
        </Alert>
      ) : null}
      <QueryView
        query={deliveries}
        noun="deliveries"
        empty="No deliveries yet: one is sent when a chosen event happens, or send a test event."
      >
        {(list) => (
          <ScrollTable label="Deliveries">
            <ActionsTableHead columns={COLUMNS} />
            <TableBody>
              {list.map((delivery) => (
                <DeliveryRow key={delivery.id} webhook={webhook} delivery={delivery} onOff={setOff} />
              ))}
            </TableBody>
          </ScrollTable>
        )}
      </QueryView>
    </Box>
  );
}
