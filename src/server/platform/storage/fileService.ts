import type { AppContext } from '../AppContext.js';
import { resolveFileConfig, type FileConfig } from '../config/fileConfig.js';
import type { FileStorage } from './FileStorage.js';
import { lazyS3Storage } from './lazyS3Storage.js';
import { localStorage } from './localStorage.js';

export interface FileService {
  config: FileConfig;
  storage: FileStorage;
}

const services = new WeakMap<AppContext, FileService>();

/** The storage driver and settings of this app (made once per app). */
export function fileService(ctx: AppContext): FileService {
  let service = services.get(ctx);
  if (!service) {
    const config = resolveFileConfig(ctx.config);
    const storage = config.storage === 's3' && config.s3 ? lazyS3Storage(config.s3) : localStorage(config.localDir!);
    service = { config, storage };
    services.set(ctx, service);
  }
  return service;
}
