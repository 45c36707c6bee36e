import type { S3Config } from '../config/fileConfig.js';
import type { FileStorage } from './FileStorage.js';

/**
 * The S3 driver, loaded with the AWS SDK at its first call: the SDK is one of the largest libraries
 * the server has, and every process (each cluster worker, each start) loaded it before answering
 * anyone, though only a server configured for S3 storage uses it.
 */
export function lazyS3Storage(config: S3Config): FileStorage {
  let loading: Promise<FileStorage> | undefined;
  const real = () => (loading ??= import('./s3Storage.js').then((m) => m.s3Storage(config)));
  return {
    name: 's3',
    putChunk: async (...args) => (await real()).putChunk(...args),
    listChunks: async (...args) => (await real()).listChunks(...args),
    assemble: async (...args) => (await real()).assemble(...args),
    stageChunk: async (...args) => (await real()).stageChunk(...args),
    createReadStream: async (...args) => (await real()).createReadStream(...args),
    exists: async (...args) => (await real()).exists(...args),
    remove: async (...args) => (await real()).remove(...args),
    removeUpload: async (...args) => (await real()).removeUpload(...args),
    pendingAssemblies: async () => (await real()).pendingAssemblies!(),
    abortAssembly: async (...args) => (await real()).abortAssembly!(...args),
    ping: async () => (await real()).ping(),
  };
}
