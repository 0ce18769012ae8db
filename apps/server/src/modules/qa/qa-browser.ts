import type { FastifyBaseLogger } from 'fastify';
import type { VariantResult, VariantToCheck } from './variant-checker';

// Placeholder until the QA browser lands (h/checker).
export function createQaBrowser(_options: { chromiumPath: string; pages?: number; log?: FastifyBaseLogger }) {
  return {
    session: () => ({
      check: async (_variant: VariantToCheck): Promise<VariantResult> => {
        throw new Error('The QA browser is not built yet.');
      },
      close: async () => {},
    }),
    close: async () => {},
  };
}
