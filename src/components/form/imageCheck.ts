import { imageUploadLimitBytes } from '@/domain/constants';
import { logoImageTypes } from '@/domain/generalInformation';

/** What the check reads of a chosen file (a browser `File` fits). */
export type TChosenImage = { size: number; type: string };

/** The message functions of the `validation` namespace the check uses. */
export type TImageCheckMessages = {
  imageSize: (params: { label: string }) => string;
  imageType: (params: { label: string }) => string;
  fileEmpty: (params: { label: string }) => string;
};

/**
 * Checks a chosen image before it is sent, so a person waits for no upload that will be refused:
 * at most 2,000,000 bytes ('{label} size should be less than 2 MB!', spec section 5), one of the
 * `types` by the browser's MIME type (a first check: the server reads the content), not empty. No
 * file is allowed (the rule passes on an empty value). Answers the message, or null when the file
 * may be sent.
 */
export const imageFileError = (
  file: TChosenImage | null | undefined,
  label: string,
  messages: TImageCheckMessages,
  types: readonly string[] = logoImageTypes,
): string | null => {
  if (!file) return null;
  if (file.size > imageUploadLimitBytes) return messages.imageSize({ label });
  if (!types.includes(file.type)) return messages.imageType({ label });
  if (file.size === 0) return messages.fileEmpty({ label });
  return null;
};
