import { ChildDocumentsList } from './ChildDocumentsList';
import { PendingDocuments, type TPendingDocument } from './PendingDocuments';

/**
 * The documents section of the child form. A saved child's documents are the live list (each
 * action at once: documents leave the child record's version as it is); a new child's are files
 * chosen now and uploaded after the record is saved.
 */
export const DocumentsEditor = ({
  childId,
  pending,
  onPendingChange,
}: {
  childId: number | null;
  pending: readonly TPendingDocument[];
  onPendingChange: (files: TPendingDocument[]) => void;
}) =>
  childId === null ? (
    <PendingDocuments files={pending} onChange={onPendingChange} />
  ) : (
    <ChildDocumentsList childId={childId} editable />
  );
