/**
 * One file through the same chunked, md5-checked upload as the uploader, without its list: for a
 * widget that places what it uploads somewhere else (a picture in rich text).
 */
import { notify } from '../api/notifier.js';
import { uploadGate } from '../api/uploadGate.js';
import { FILE_TYPE_SETS } from '../../shared/fileTypes.js';
import type { FieldDef } from '../../shared/schema/types.js';
import { computeMd5 } from './md5.js';
import { UploadModel } from './uploadModel.js';
import type { FileRefValue, UploadDeps } from './uploadTypes.js';
import { httpTransport } from './uploadTransport.js';

export function uploadOne(
  file: File,
  rules: { belongType: string } & Pick<FieldDef, 'accept' | 'maxSize'>,
  deps: Partial<UploadDeps> = {},
): Promise<FileRefValue | null> {
  const model = new UploadModel(
    UploadModel.defaults({
      belongType: rules.belongType,
      accept: FILE_TYPE_SETS[rules.accept ?? 'general'],
      maxCount: 1,
      maxSize: rules.maxSize,
    }),
    {
      transport: deps.transport ?? httpTransport(),
      md5: deps.md5 ?? ((f, o) => computeMd5(f, o)),
      gate: deps.gate ?? uploadGate,
      notify: deps.notify ?? notify,
    },
  );
  const [uid] = model.add([file]);
  // Refused before sending (type, size): the model has told the user why.
  if (!uid) return Promise.resolve(null);
  return new Promise((resolve) => {
    const stop = model.subscribe(() => {
      const item = model.items().find((i) => i.uid === uid);
      if (!item || (item.status !== 'complete' && item.status !== 'error')) return;
      stop();
      const done = item.status === 'complete' ? (model.value()[0] ?? null) : null;
      if (!done) (deps.notify ?? notify).error(item.error ?? '上传失败');
      model.dispose();
      resolve(done);
    });
  });
}
