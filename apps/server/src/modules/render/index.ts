/** What other areas use of renders: how a package's file is sent in the sandbox (packages' own previews). */
export { sendRenderFile } from './render-response';
