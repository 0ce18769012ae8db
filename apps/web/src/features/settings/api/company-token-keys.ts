/**
 * Query keys of the company's access tokens. My Account lists one's own under the same `all`
 * prefix, and each side's writes invalidate `all`: a token revoked here is gone there, and back.
 */
export const companyTokenKeys = {
  all: ['access-tokens'] as const,
  company: () => ['access-tokens', 'company'] as const,
};
