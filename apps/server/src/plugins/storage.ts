import fp from 'fastify-plugin';
import { resolveAppKey } from '../storage/app-key';
import { createLocalDisk } from '../storage/local-disk';
import { createSigner } from '../storage/signer';

/** The file store (local disk under DATA_DIR/storage) and the URL signer. */
export const storagePlugin = fp(
  async (app) => {
    const secret = resolveAppKey(app.config.appKey, app.config.dataDir);
    app.decorate('storage', { disk: createLocalDisk(app.config.storageDir), signer: createSigner(secret) });
  },
  { name: 'storage', dependencies: ['config'] },
);
