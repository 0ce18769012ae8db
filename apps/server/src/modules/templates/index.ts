/**
 * What other areas use of templates: the service's type (profiles name templates and check feeds
 * against their columns, through functions the composition root wires) and the demo seed.
 */
export { seedTemplate } from './templates.seed';
export type { TemplatesService } from './templates.service';
