import { AoiUploadLimits } from '@satportal/contract';
import type { TranslationKey } from '../../i18n/keys';

export interface UploadProblem {
  key: TranslationKey;
  params?: Record<string, string | number>;
}

/** The extension of a file name, lower case, or '' without one (read as the server reads it). */
export const extensionOf = (fileName: string): string =>
  /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? '';

/**
 * What is wrong with a file before it is sent, in the server's order (spec 001 §5): a name of 50 or
 * more characters (tip.length50), an extension not accepted (tip.errorFormat), more than 5 MB
 * (tip.errorSize500). Null when it may be uploaded.
 */
export function uploadProblem(file: { name: string; size: number }): UploadProblem | null {
  if ([...file.name].length > AoiUploadLimits.nameMaxLength) {
    return { key: 'tip.length50', params: { max: AoiUploadLimits.nameMaxLength } };
  }
  if (!(AoiUploadLimits.extensions as readonly string[]).includes(extensionOf(file.name))) {
    return { key: 'tip.errorFormat', params: { accepted: AoiUploadLimits.extensions.join(', ') } };
  }
  if (file.size > AoiUploadLimits.maxBytes) {
    return { key: 'tip.errorSize500', params: { maxBytes: AoiUploadLimits.maxBytes } };
  }
  return null;
}

/** The file chooser's `accept`: the accepted extensions. */
export const uploadAccept = AoiUploadLimits.extensions.map((e) => `.${e}`).join(',');
