import type { Webhook, WebhookDelivery } from '@adstudio/contract';
import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useRedeliverWebhookDelivery, useWebhookDeliveries } from '../../../api/webhooks';
import { ActionsTableHead } from '../../../components/ui/actions-table-head';
import { QueryView } from '../../../components/ui/query-view';
import { ScrollTable } from '../../../components/ui/scroll-region';
import { showAlert } from '../../../lib/alert';
import { formatDateTime } from '../../../lib/format';

export const DELIVERIES_ID = 'webhook-deliveries';
const COLUMNS = ['Event', 'Status', 'Attempt', 'Response', 'ms', 'When', 'Answer'];
const STATUS_COLOR = { delivered: 'success', failed: 'error', pending: 'default' } as const;

function DeliveryRow({ webhook, delivery }: { webhook: Webhook; delivery: WebhookDelivery }) {
  const redeliver = useRedeliverWebhookDelivery();
  return (
    <TableRow data-testid="webhook-delivery">
      <TableCell component="th" scope="row" sx={{ fontFamily: 'monospace', fontSize: '0.8125rem' }}>
        {delivery.event}
      </TableCell>
      <TableCell>
        <Chip size="small" variant="outlined" color={STATUS_COLOR[delivery.status]} label={delivery.status} />
      </TableCell>
      <TableCell>{delivery.attempt}</TableCell>
      <TableCell>{delivery.response_status ?? '—'}</TableCell>
      <TableCell>{delivery.ms ?? '—'}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(delivery.delivered_at ?? delivery.created_at)}
      </TableCell>
      <TableCell
        title={delivery.response_excerpt ?? undefined}
        sx={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
      >
        {delivery.response_excerpt ?? '—'}
      </TableCell>
      <TableCell align="right">
        <Button
          size="small"
          disabled={redeliver.isPending}
          aria-label={`Redeliver ${delivery.event} of ${formatDateTime(delivery.created_at)}`}
          onClick={() =>
            redeliver.mutate(
              { webhookId: webhook.id, deliveryId: delivery.id },
              { onSuccess: () => showAlert({ status: 200, data: { message: 'Delivery sent again.' } }) },
            )
          }
        >
          Redeliver
        </Button>
      </TableCell>
    </TableRow>
  );
}

/** A webhook's latest deliveries, newest first, each of which may be sent again. */
export function WebhookDeliveries({ webhook }: { webhook: Webhook }) {
  const deliveries = useWebhookDeliveries(webhook.id);
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
      <QueryView
        query={deliveries}
        noun="deliveries"
        empty="No deliveries yet: one is sent when a chosen event happens."
      >
        {(list) => (
          <ScrollTable label="Deliveries">
            <ActionsTableHead columns={COLUMNS} />
            <TableBody>
              {list.map((delivery) => (
                <DeliveryRow key={delivery.id} webhook={webhook} delivery={delivery} />
              ))}
            </TableBody>
          </ScrollTable>
        )}
      </QueryView>
    </Box>
  );
}
