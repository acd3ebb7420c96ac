import { childDocumentMaxBytes, childDocumentTypes } from '@/domain/childFiles';

/** What the check reads of a chosen file (a browser `File` fits). */
export type TChosenDocument = { name: string; size: number; type: string };

/** The message functions the check words its refusals with (from `LL.uploadCheck` and `LL.validation`). */
export type TDocumentCheckMessages = {
  childDocumentType: (params: { label: string }) => string;
  childDocumentSize: (params: { label: string }) => string;
  fileEmpty: (params: { label: string }) => string;
};

/**
 * Checks a chosen document before it is sent (the server checks again, by content): a PDF or an
 * image by the browser's MIME type, at most 10,000,000 bytes, not empty. The message names the file.
 */
export const documentFileError = (file: TChosenDocument, messages: TDocumentCheckMessages): string | null => {
  const label = file.name;
  if (file.size > childDocumentMaxBytes) return messages.childDocumentSize({ label });
  if (!(childDocumentTypes as readonly string[]).includes(file.type)) {
    return messages.childDocumentType({ label });
  }
  if (file.size === 0) return messages.fileEmpty({ label });
  return null;
};

/** Splits a choice of files into those that may be sent and a message for each refused one. */
export const checkChosenDocuments = <T extends TChosenDocument>(
  files: readonly T[],
  messages: TDocumentCheckMessages,
): { accepted: T[]; refusals: string[] } => {
  const accepted: T[] = [];
  const refusals: string[] = [];
  for (const file of files) {
    const refusal = documentFileError(file, messages);
    if (refusal) refusals.push(refusal);
    else accepted.push(file);
  }
  return { accepted, refusals };
};

/** Files in groups of `size` (`upload-files` takes at most 10 at once). */
export const inBatches = <T>(items: readonly T[], size: number): T[][] => {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
};
