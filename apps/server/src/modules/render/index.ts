/**
 * What other areas use of renders: the types of the render service and of its signed URLs. How a
 * package's file is sent in the sandbox is storage/render-response.ts; it is re-exported here for
 * served tags, which import it from renders until their module is split out.
 */
export { sendRenderFile } from '../../storage/render-response';
export type { LiveEntry, RenderService } from './render.service';
export type { RenderTargets } from './render-links';
export { dynamicContentOf } from './runtime';
