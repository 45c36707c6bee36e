/**
 * Widget "Upload": the hand-written chunked md5 uploader as a Formily field. The runtime passes
 * belongType ("entity.field") and the field's accept / maxCount / maxSize; read-pretty lists the
 * stored files with preview and download links.
 */
import { connect, mapReadPretty } from '@formily/react';
import { Uploader } from '../../upload/Uploader.js';
import { UploadFileList } from '../../upload/UploadFileList.js';

export const Upload = connect(Uploader, mapReadPretty(UploadFileList));
