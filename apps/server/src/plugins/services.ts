import fp from 'fastify-plugin';
import { createServices, type ServicesOptions } from '../services';

/**
 * Every service of the app, built once from its database, storage, job queue and configuration
 * (`src/services.ts`), as `app.services`; routes take what they use from it.
 */
export const servicesPlugin = fp<ServicesOptions>(
  async (app, options) => {
    const services = createServices(
      {
        db: app.db,
        storage: app.storage,
        jobs: app.jobs,
        config: app.config,
        log: app.log,
        metrics: app.metrics,
      },
      { random: options.random },
    );
    app.decorate('services', services);
    app.addHook('onClose', () => services.close());
  },
  { name: 'services', dependencies: ['config', 'db', 'jobs', 'metrics', 'storage'] },
);
