/** Query keys of a publisher's approvals: the token's lists, pending only or all. */
export const publisherApprovalKeys = {
  token: (token: string) => ['publisher-approvals', token] as const,
  list: (token: string, all: boolean) => ['publisher-approvals', token, all ? 'all' : 'pending'] as const,
};
