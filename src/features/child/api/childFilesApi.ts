import { childArea } from '@/domain/areas/child.area';
import { childDocumentsPerUpload, type TChildDocument, type TChildPhotoState } from '@/domain/childFiles';
import { inBatches } from '@/features/child/documents/documentCheck';
import { api } from '@/platform/api/client';
import { downloadFile } from '@/platform/api/saveBlob';

/** The calls of a child's photo and documents (`/child-infos/...`, server/modules/children/childFileRoutes.ts). */

const idPart = (id: number | string) => encodeURIComponent(String(id));

/** `GET /child-infos/photo/{id}`: the path `AuthImage` shows the child's photo from. */
export const childPhotoPath = (childId: number | string) => `${childArea.apiBase}/photo/${idPart(childId)}`;

/** `GET /child-infos/thumbnail/{id}`: a 96 px square of the photo, for lists (not the full photo). */
export const childThumbnailPath = (childId: number | string) =>
  `${childArea.apiBase}/thumbnail/${idPart(childId)}`;

/**
 * Replaces the child's photo (`kind=photo`). `version` is the child record's version as the caller
 * knows it (stale: 409); the answer carries the record's new version.
 */
export const uploadChildPhoto = async (childId: number, file: File, version?: number) => {
  const body = new FormData();
  body.append('kind', 'photo');
  if (version !== undefined) body.append('version', String(version));
  body.append('file', file);
  return (
    await api<{ data: TChildPhotoState }>(`${childArea.apiBase}/upload-file/${idPart(childId)}`, {
      method: 'POST',
      query: { kind: 'photo' },
      body,
    })
  ).data;
};

/** Removes the child's photo (the record's version goes up). */
export const removeChildPhoto = async (childId: number) =>
  (
    await api<{ data: TChildPhotoState }>(`${childArea.apiBase}/remove-file/${idPart(childId)}`, {
      method: 'DELETE',
      query: { kind: 'photo' },
    })
  ).data;

/** The child's documents, oldest first; a failure shows the catalogue's view. */
export const fetchChildDocuments = async (childId: number | string, signal?: AbortSignal) =>
  (
    await api<{ data: TChildDocument[] }>(`${childArea.apiBase}/files/${idPart(childId)}`, {
      signal,
    })
  ).data;

/**
 * Adds documents with `upload-files`, at most 10 per call (each call is all or nothing). Stops at
 * the first refused call: `onBatch` has seen every batch that was kept before it.
 */
export const uploadChildDocuments = async (
  childId: number | string,
  files: readonly File[],
  onBatch?: (added: TChildDocument[]) => void,
  /** The documents are on the child's origins: sealed with them after adoption (issue 27). */
  origin = false,
) => {
  const added: TChildDocument[] = [];
  for (const batch of inBatches(files, childDocumentsPerUpload)) {
    const body = new FormData();
    if (origin) body.append('origin', 'true');
    for (const file of batch) body.append('files', file);
    const { data } = await api<{ data: TChildDocument[] }>(
      `${childArea.apiBase}/upload-files/${idPart(childId)}`,
      {
        method: 'POST',
        body,
      },
    );
    added.push(...data);
    onBatch?.(data);
  }
  return added;
};

/** Replaces a document's file, keeping its place and title; the version read guards a stale replace. */
export const replaceChildDocument = async (document: Pick<TChildDocument, 'id' | 'version'>, file: File) => {
  const body = new FormData();
  body.append('version', String(document.version));
  body.append('file', file);
  return (
    await api<{ data: TChildDocument }>(`${childArea.apiBase}/update-file/${idPart(document.id)}`, {
      method: 'POST',
      body,
    })
  ).data;
};

/**
 * Marks a document as an origin document or not (sealed with the child's origins after adoption),
 * keeping its file; the version read guards a stale change.
 */
export const setChildDocumentOrigin = async (
  document: Pick<TChildDocument, 'id' | 'version'>,
  origin: boolean,
) =>
  (
    await api<{ data: TChildDocument }>(`${childArea.apiBase}/document-origin/${idPart(document.id)}`, {
      method: 'PATCH',
      body: { origin, version: document.version },
    })
  ).data;

/** Removes a document and its file. */
export const removeChildDocument = async (documentId: number) =>
  (
    await api<{ data: { id: number } }>(`${childArea.apiBase}/remove-file/${idPart(documentId)}`, {
      method: 'DELETE',
    })
  ).data;

/**
 * Downloads a document with the session's token and saves it under the name the server builds
 * from the record and the file's real type (`CH-2026-000123-document-3.pdf`), never the sender's
 * name: the file is never at a public address, so the browser gets it from an object URL.
 */
export const downloadChildDocument = (document: Pick<TChildDocument, 'id'>) =>
  downloadFile(`${childArea.apiBase}/file/${idPart(document.id)}`, `document-${document.id}`);
