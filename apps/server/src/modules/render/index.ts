/**
 * What other areas use of renders: how a package's file is sent in the sandbox (packages' own
 * previews), and the types of the render service and of its signed URLs.
 */
export type { LiveEntry, RenderService } from './render.service';
export type { RenderTargets } from './render-links';
export { sendRenderFile } from './render-response';
