import type { ComponentType } from 'react';
import type { FileRefValue } from '../../../upload/uploadTypes.js';

/** What a check shown under an uploader gets: the field ("entity.field") and the files it holds now. */
export interface UploadCheckProps {
  belongType: string;
  value: FileRefValue[] | null | undefined;
}

const checks = new Map<string, ComponentType<UploadCheckProps>>();

/**
 * A check a module shows under an uploader that names it (page field `"props": {"check": name}`):
 * e.g. whether an identity-free document names its author. The uploader knows no module.
 */
export function registerUploadCheck(name: string, component: ComponentType<UploadCheckProps>): void {
  checks.set(name, component);
}

export function uploadCheck(name: unknown): ComponentType<UploadCheckProps> | null {
  return typeof name === 'string' ? (checks.get(name) ?? null) : null;
}
