import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { href } from '../../config/paths';
import { alertFromError, showAlert } from '../../lib/alert';
import { errorStatus } from '../../lib/api-client';
import { navigateToHref } from '../../lib/use-navigate-to';
import { useCampaign } from './api/get-campaign';
import { campaignKeys } from './api/keys';

/**
 * Reads one campaign; on a 404 (spec section 8) the cached list is cleared, the alert shown and
 * the user taken to the overview.
 */
export function useCampaignOrLeave(id: number | null) {
  const campaign = useCampaign(id ?? 0, id !== null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const notFound = id === null || (campaign.isError && errorStatus(campaign.error) === 404);

  useEffect(() => {
    if (!notFound) return;
    queryClient.removeQueries({ queryKey: campaignKeys.lists() });
    if (id !== null) queryClient.removeQueries({ queryKey: campaignKeys.detail(id) });
    showAlert(campaign.error ? alertFromError(campaign.error) : { status: 404 });
    navigateToHref(navigate, href('campaigns.view'), { replace: true });
  }, [notFound, id, campaign.error, queryClient, navigate]);

  return { campaign, notFound };
}
