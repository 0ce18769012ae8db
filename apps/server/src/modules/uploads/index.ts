/**
 * What other areas use of uploads: the service's type (assets, packages and profiles claim uploads
 * through it), and the upload rules processing assets judge fetched files by.
 */
export { judgeContent, type UploadPurpose } from './upload-rules';
export {
  type CheckedUpload,
  notClaimable,
  type UploadRef,
  type UploadsService,
} from './uploads.service';
