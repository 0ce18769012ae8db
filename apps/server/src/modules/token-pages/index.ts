/** The token pages: the creative preview page's service and what they show of a creative. */
export type { CreativePreviews } from './creative-previews';
export type { PreviewService } from './preview.service';
