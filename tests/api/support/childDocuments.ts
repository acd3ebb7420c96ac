import { and, eq, getTableColumns } from 'drizzle-orm';
import type { TDbOrTx } from '../../../server/audit';
import { attachments } from '../../../server/db/schema';

/**
 * A child's documents as the tests read and write them: attachments of `('child_infos', child id)`
 * (the attachments engine's table since issue 12), with the child's id under `childId` as before.
 */
const { entity: _entity, entityId, slot: _slot, ...rest } = getTableColumns(attachments);
export const childDocumentColumns = { ...rest, childId: entityId };

export const childDocumentsOf = (db: TDbOrTx, childId: number) =>
  db
    .select(childDocumentColumns)
    .from(attachments)
    .where(and(eq(attachments.entity, 'child_infos'), eq(attachments.entityId, childId)))
    .orderBy(attachments.id);

type TNewDocument = {
  childId: number;
  storedName: string;
  originalName: string;
  mimeType: string;
  size: number;
};

/** Rows of documents, written straight to the table (fixtures). */
export const insertChildDocuments = (db: TDbOrTx, documents: TNewDocument[]) =>
  db
    .insert(attachments)
    .values(
      documents.map(({ childId, ...document }) => ({
        ...document,
        entity: 'child_infos',
        entityId: childId,
      })),
    )
    .returning({ id: attachments.id });
