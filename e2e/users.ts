/** Accounts in the e2e server: the seed's demo users plus single-permission ones made with the CLI. */
export const USERS = {
  admin: { email: 'admin@example.com', create: null },
  editor: { email: 'editor@example.com', create: null },
  qa: { email: 'qa@example.com', create: null },
  campaignsOnly: {
    email: 'campaigns@example.com',
    create: { email: 'campaigns@example.com', name: 'Cam Paign', permissions: ['edit campaigns'] },
  },
  nobody: {
    email: 'nobody@example.com',
    create: { email: 'nobody@example.com', name: 'No Body', permissions: [] },
  },
} as const;
export type UserKey = keyof typeof USERS;
