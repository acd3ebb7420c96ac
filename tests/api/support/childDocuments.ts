import { and, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { TDbOrTx } from '../../../server/audit';
import { attachments, childInfos } from '../../../server/db/schema';

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
    .where(
      and(eq(attachments.entity, 'child_infos'), eq(attachments.entityId, childId), isNull(attachments.slot)),
    )
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

/** A child's photo (its stored name, or null) and the child's version, as the tests compare them. */
export const childPhotoOf = async (db: TDbOrTx, childId: number) => {
  const [child] = await db
    .select({ version: childInfos.version })
    .from(childInfos)
    .where(eq(childInfos.id, childId));
  const [photo] = await db
    .select({ storedName: attachments.storedName })
    .from(attachments)
    .where(
      and(
        eq(attachments.entity, 'child_infos'),
        eq(attachments.entityId, childId),
        eq(attachments.slot, 'photo'),
      ),
    );
  return { photo: photo?.storedName ?? null, version: child.version };
};
