import {
  type AdTag,
  type AdTagCreateInput,
  type AdTagListItem,
  AdTagListItemSchema,
  AdTagSchema,
  CampaignAdTagSchema,
  type SimulationContextInput,
  type TagTrial,
  TagTrialSchema,
} from '@adstudio/contract';
import { useMutation } from '@tanstack/react-query';
import { api, withParams } from '../lib/api-client';
import { getData } from '../lib/get-data';
import { wholeListQuery } from '../lib/list-api';
import { nestedResourceApi } from '../lib/nested-resource-api';

/**
 * /v1/creatives/{id}/tags: a creative's tags, revoked ones too, oldest first, with their 7-day
 * figures; create {name, media_entity_id?, ad_server?} → 201 the tag with its token and snippets;
 * delete revokes (the tag's token answers 410 from then on). Writes refresh the creative's list.
 */
export const adTagsApi = nestedResourceApi<AdTag, { create: AdTagCreateInput }, AdTagListItem>(
  '/v1/creatives',
  'tags',
  { item: AdTagSchema, listItem: AdTagListItemSchema, name: 'ad-tags' },
);

/** POST /v1/creatives/{id}/tags/{tagId}/try → what the tag serves in a context, and why. Counts nothing. */
export const tryAdTag = ({
  creativeId,
  tagId,
  context,
}: {
  creativeId: number;
  tagId: number;
  context: SimulationContextInput;
}): Promise<TagTrial> =>
  getData(TagTrialSchema, api.post(`${adTagsApi.url(creativeId, tagId)}/try`, context));

/** A read that acts like a command: each run answers one context, and a 422 shows on the form's fields. */
export const useTryAdTag = () => useMutation({ mutationFn: tryAdTag, meta: { skipAlert: true } });

/** GET /v1/campaigns/{id}/tags → every tag of the campaign's live creatives, by creative, revoked ones too. */
const campaignAdTags = (campaignId: number) =>
  wholeListQuery(
    { list: () => [...adTagsApi.keys.all, 'campaign', campaignId] },
    CampaignAdTagSchema,
    `/v1/campaigns/${campaignId}/tags`,
  );
export const useCampaignAdTags = (campaignId: number) => campaignAdTags(campaignId).useList();

/** The campaign's trafficking sheet as a download, for a plain link (the browser sends the session cookie). */
export const traffickingSheetUrl = (campaignId: number, format: 'csv' | 'xlsx'): string =>
  withParams(`${api.defaults.baseURL}/v1/campaigns/${campaignId}/tags`, { format });
