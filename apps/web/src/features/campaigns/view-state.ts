export const TABS = ['details', 'creatives', 'tags', 'approvals', 'sharing', 'history'] as const;
export type ViewTab = (typeof TABS)[number];

export const TAB_LABELS: Readonly<Record<ViewTab, string>> = {
  details: 'Details',
  creatives: 'Creatives',
  tags: 'Tags',
  approvals: 'Approvals',
  sharing: 'Sharing',
  history: 'History',
};
