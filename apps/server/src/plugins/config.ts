import fp from 'fastify-plugin';
import type { Config } from '../config';

export const configPlugin = fp<{ config: Config }>(
  async (app, opts) => {
    app.decorate('config', opts.config);
  },
  { name: 'config' },
);
