/**
 * Widget "Upload": the hand-written chunked md5 uploader as a Formily field. The runtime passes
 * belongType ("entity.field") and the field's accept / maxCount / maxSize; read-pretty lists the
 * stored files with preview and download links. The uploader (hashing, chunking, progress) loads on
 * first use, so pages without an editable upload field never fetch it.
 */
import { connect, mapReadPretty } from '@formily/react';
import { lazy, Suspense } from 'react';
import type { UploaderProps } from '../../../upload/Uploader.js';
import { UploadFileList } from '../../../upload/UploadFileList.js';
import { uploadCheck } from './uploadChecks.js';

const LazyUploader = lazy(() => import('../../../upload/Uploader.js').then((m) => ({ default: m.Uploader })));

/** `check`: a module's check shown under the uploader (uploadChecks.ts), from the page field's props. */
function UploadField({ check, ...props }: UploaderProps & { check?: string }) {
  const Check = uploadCheck(check);
  return (
    <>
      <Suspense fallback={<div className="runtime-lazy-loading" aria-busy="true" style={{ minHeight: 32 }} />}>
        <LazyUploader {...props} />
      </Suspense>
      {Check ? (
        <Suspense fallback={null}>
          <Check belongType={props.belongType} value={props.value} />
        </Suspense>
      ) : null}
    </>
  );
}

export const Upload = connect(UploadField, mapReadPretty(UploadFileList));
