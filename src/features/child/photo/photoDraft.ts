/**
 * What the form will do with the child's photo when the record is saved. The photo is sent after
 * the record (the record's id exists only then on create; on edit a photo change raises the
 * record's version, so sending it first would make the form's own save stale).
 */
export type TPhotoDraft = { kind: 'keep' } | { kind: 'replace'; file: File } | { kind: 'remove' };

export const keepPhoto: TPhotoDraft = { kind: 'keep' };

/** The call the save makes for the photo, given whether the record has one now. */
export type TPhotoWrite = { kind: 'none' } | { kind: 'upload'; file: File } | { kind: 'remove' };

export const photoWrite = (draft: TPhotoDraft, hasPhoto: boolean): TPhotoWrite => {
  if (draft.kind === 'replace') return { kind: 'upload', file: draft.file };
  if (draft.kind === 'remove' && hasPhoto) return { kind: 'remove' };
  return { kind: 'none' };
};
