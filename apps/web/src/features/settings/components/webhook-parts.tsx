import type { Webhook, WebhookDelivery } from '@adstudio/contract';
import Button from '@mui/material/Button';
import { webhooksApi } from '../../../api/webhooks';

/** Turns a webhook that is off back on (its failure streak starts over). */
export function TurnOnButton({ webhook, onDone }: { webhook: Webhook; onDone?: () => void }) {
  const update = webhooksApi.useUpdate();
  return (
    <Button
      color="inherit"
      size="small"
      disabled={update.isPending}
      aria-label={`Turn on ${webhook.url}`}
      onClick={() => update.mutate({ id: webhook.id, body: { active: true } }, { onSuccess: onDone })}
    >
      Turn on
    </Button>
  );
}

/** How the receiver answered one attempt: "200 in 12 ms", or "No answer after 10 s". */
export function receiverAnswer(delivery: Pick<WebhookDelivery, 'response_status' | 'ms'>): string {
  if (delivery.ms === null) return '—';
  return delivery.response_status === null
    ? `No answer after ${delivery.ms} ms`
    : `${delivery.response_status} in ${delivery.ms} ms`;
}
