import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { showToast } from '@/components/feedback/toasts';
import { failureText } from '@/components/form/failureText';
import type { TFormAddOns } from '@/components/resource/resourceArea';
import { isoDateIn } from '@/domain/childStatus';
import { originFields } from '@/domain/sealedOrigins';
import {
  createChildFamily,
  fetchChildFamily,
  removeChildFamily,
  updateChildFamily,
} from '@/features/child/api/childFamilyApi';
import { removeChildPhoto, uploadChildDocuments, uploadChildPhoto } from '@/features/child/api/childFilesApi';
import { DocumentsEditor } from '@/features/child/documents/DocumentsEditor';
import type { TPendingDocument } from '@/features/child/documents/PendingDocuments';
import { FamilyEditor, type TFamilyLoadState } from '@/features/child/family/FamilyEditor';
import {
  emptyFamilyDraft,
  familyChanged,
  familyDraftOf,
  familyErrors,
  familyWrite,
  type TChildFamily,
  type TFamilyDraft,
} from '@/features/child/family/familyDraft';
import { familyFieldId, familyLabelOf } from '@/features/child/family/familyLabels';
import { PhotoPicker } from '@/features/child/photo/PhotoPicker';
import { keepPhoto, photoWrite, type TPhotoDraft } from '@/features/child/photo/photoDraft';
import { originsHidden, SealedOriginsLine } from '@/features/child/sealed/SealedOriginsCard';
import { useI18nContext } from '@/i18n/i18n-react';
import type { TResourceRow } from '@/platform/api/resources';

type TFamilyLoad =
  | { state: 'loading' }
  | { state: 'failed' }
  | { state: 'ready'; stored: TChildFamily | null; initial: TFamilyDraft };

const newChildFamily: TFamilyLoad = { state: 'ready', stored: null, initial: emptyFamilyDraft() };

/**
 * The child form's own parts (`useFormAddOns` of the child's client resource): the photo in the
 * identity section, the family and the documents in theirs. They are held here until the record is
 * saved, then `afterSave` sends them in order: photo, family, documents (on create the child's id
 * exists only then; on edit the photo raises the record's version, so it goes after the record's
 * own update, with the version that update answered). A saved child's documents are the live
 * list instead: each change there takes effect at once and leaves nothing pending.
 */
export const useChildFormAddOns = (record: TResourceRow | null): TFormAddOns => {
  const { LL } = useI18nContext();
  const childId = record ? record.id : null;
  const hasPhoto = Boolean(record?.hasPhoto);
  // A sealed child whose origins this user has not opened: no birthplace, no birth family to edit
  // (the server answers neither and keeps them as they are, issue 27).
  const sealed = record !== null && originsHidden(record);

  const [photo, setPhoto] = useState<TPhotoDraft>(keepPhoto);
  const [pendingDocuments, setPendingDocuments] = useState<TPendingDocument[]>([]);
  const [familyLoad, setFamilyLoad] = useState<TFamilyLoad>(
    childId === null ? newChildFamily : { state: 'loading' },
  );
  const [family, setFamily] = useState<TFamilyDraft>(emptyFamilyDraft);
  const [showFamilyErrors, setShowFamilyErrors] = useState(false);
  const [reloadFamily, setReloadFamily] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reloadFamily asks again after a failure
  useEffect(() => {
    if (childId === null || sealed) return;
    const controller = new AbortController();
    setFamilyLoad({ state: 'loading' });
    fetchChildFamily(childId, controller.signal, 'log')
      .then((stored) => {
        if (controller.signal.aborted) return;
        const initial = familyDraftOf(stored);
        setFamilyLoad({ state: 'ready', stored, initial });
        setFamily(initial);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFamilyLoad({ state: 'failed' });
      });
    return () => controller.abort();
  }, [childId, reloadFamily, sealed]);

  const today = isoDateIn(new Date());
  const labelOf = useMemo(() => familyLabelOf(LL), [LL]);
  const checkFamily = useCallback(
    (draft: TFamilyDraft) =>
      familyErrors(draft, labelOf, { ...LL.validation, dateFuture: LL.areas.child.family.dateFuture }, today),
    [labelOf, LL, today],
  );

  const familyReady = familyLoad.state === 'ready';
  const familyDirty = familyReady && familyChanged(family, familyLoad.initial);
  const familyWillRemove =
    familyReady &&
    familyLoad.stored !== null &&
    familyWrite(familyLoad.stored, family, familyDirty).kind === 'remove';
  const errors = showFamilyErrors && familyReady ? checkFamily(family) : {};
  const dirty = photo.kind !== 'keep' || pendingDocuments.length > 0 || familyDirty;

  // The page may call `validate` and `afterSave` from a callback made before the last render.
  const latest = useRef({ photo, pendingDocuments, family, familyLoad, familyDirty, hasPhoto });
  latest.current = { photo, pendingDocuments, family, familyLoad, familyDirty, hasPhoto };

  const validate = useCallback(() => {
    const current = latest.current;
    // A family that could not be read is not written (its editor says so): nothing to check.
    if (current.familyLoad.state !== 'ready') return true;
    const found = checkFamily(current.family);
    const paths = Object.keys(found);
    if (paths.length === 0) return true;
    setShowFamilyErrors(true);
    // The first field to fix, once its message is on screen.
    requestAnimationFrame(() => document.getElementById(familyFieldId(paths[0]))?.focus());
    return false;
  }, [checkFamily]);

  const afterSave = useCallback(
    async (saved: TResourceRow): Promise<boolean> => {
      const current = latest.current;
      let allSaved = true;

      const photoCall = photoWrite(current.photo, current.hasPhoto);
      try {
        if (photoCall.kind === 'upload') await uploadChildPhoto(saved.id, photoCall.file, saved.version);
        if (photoCall.kind === 'remove') await removeChildPhoto(saved.id);
        if (photoCall.kind !== 'none') setPhoto(keepPhoto);
      } catch (error) {
        allSaved = false;
        const reason = failureText(error, LL);
        showToast(
          photoCall.kind === 'remove'
            ? LL.areas.child.photo.removeFailed({ reason })
            : LL.areas.child.photo.saveFailed({ reason }),
          'error',
        );
      }

      const load = current.familyLoad;
      if (load.state === 'ready') {
        const write = familyWrite(load.stored, current.family, current.familyDirty);
        try {
          if (write.kind === 'create') await createChildFamily(saved.id, write.body);
          if (write.kind === 'update') await updateChildFamily(saved.id, write.body);
          if (write.kind === 'remove') await removeChildFamily(saved.id, write.version);
        } catch (error) {
          allSaved = false;
          showToast(LL.areas.child.family.saveFailed({ reason: failureText(error, LL) }), 'error');
        }
      }

      const files = current.pendingDocuments;
      if (files.length > 0) {
        let uploaded = 0;
        try {
          await uploadChildDocuments(
            saved.id,
            files.map((pending) => pending.file),
            (batch) => {
              uploaded += batch.length;
            },
          );
          setPendingDocuments([]);
        } catch (error) {
          allSaved = false;
          // Those sent before the refused batch are kept: only the rest stay pending.
          setPendingDocuments(files.slice(uploaded));
          showToast(LL.areas.child.documents.saveFailed({ reason: failureText(error, LL) }), 'error');
        }
      }
      return allSaved;
    },
    [LL],
  );

  const sections = {
    identity: (
      <PhotoPicker
        childId={childId ?? undefined}
        hasPhoto={hasPhoto}
        version={record?.version}
        draft={photo}
        onChange={setPhoto}
      />
    ),
    family: sealed ? (
      <SealedOriginsLine record={record} />
    ) : (
      <FamilyEditor
        loadState={familyLoad.state as TFamilyLoadState}
        draft={family}
        onChange={setFamily}
        errors={errors}
        today={today}
        onRetry={() => setReloadFamily((count) => count + 1)}
        willRemove={familyWillRemove}
      />
    ),
    documents: (
      <DocumentsEditor childId={childId} pending={pendingDocuments} onPendingChange={setPendingDocuments} />
    ),
  };

  return { sections, dirty, validate, afterSave, hiddenFields: sealed ? originFields : undefined };
};
