import fp from 'fastify-plugin';
import { resolveAppKey } from '../storage/app-key';
import { createSigner } from '../storage/signer';
import { objectStoreFor } from '../storage/stores';

/** The file store (local disk or an S3 bucket) and the URL signer. */
export const storagePlugin = fp(
  async (app) => {
    const secret = resolveAppKey(app.config.appKey, app.config.dataDir);
    app.decorate('storage', {
      store: objectStoreFor(app.config.storage),
      signer: createSigner(secret, app.config.previousAppKeys),
    });
  },
  { name: 'storage', dependencies: ['config'] },
);
