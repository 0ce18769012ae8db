export const TABS = ['details', 'creatives', 'approvals', 'sharing', 'history'] as const;
export type ViewTab = (typeof TABS)[number];

export const TAB_LABELS: Readonly<Record<ViewTab, string>> = {
  details: 'Details',
  creatives: 'Creatives',
  approvals: 'Approvals',
  sharing: 'Sharing',
  history: 'History',
};
