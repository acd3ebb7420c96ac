import type { TranslationFunctions } from '@/i18n/i18n-types';
import type { TDocumentCheckMessages } from './documentCheck';

/** The check's messages in the interface language (the same words the server answers with). */
export const documentCheckMessages = (LL: TranslationFunctions): TDocumentCheckMessages => ({
  childDocumentType: LL.uploadCheck.documentType,
  childDocumentSize: LL.uploadCheck.documentSize,
  fileEmpty: LL.validation.fileEmpty,
});
