/**
 * Query keys of my access tokens. Settings lists the company's under the same `all` prefix, and
 * each side's writes invalidate `all`: a token made or revoked here is fresh there, and back.
 */
export const accessTokenKeys = {
  all: ['access-tokens'] as const,
  mine: () => ['access-tokens', 'mine'] as const,
};
