import { attachmentsPerUpload, type TAttachment } from '@/domain/attachments';
import { api } from '@/platform/api/client';
import { downloadFile } from '@/platform/api/saveBlob';

/** The attachments engine's calls (server/attachments/attachmentRoutes.ts) for a record type at `apiBase`. */
const idPart = (id: number | string) => encodeURIComponent(String(id));

export const fetchAttachments = async (apiBase: string, recordId: number | string, signal?: AbortSignal) =>
  (await api<{ data: TAttachment[] }>(`${apiBase}/attachments/${idPart(recordId)}`, { signal })).data;

/** Attaches files (at most 10 per call, all or nothing), with a slot (a checklist item) or none. */
export const uploadAttachments = async (
  apiBase: string,
  recordId: number | string,
  files: readonly File[],
  slot: string | null,
) => {
  const added: TAttachment[] = [];
  for (let start = 0; start < files.length; start += attachmentsPerUpload) {
    const body = new FormData();
    if (slot) body.append('slot', slot);
    for (const file of files.slice(start, start + attachmentsPerUpload)) body.append('files', file);
    const { data } = await api<{ data: TAttachment[] }>(`${apiBase}/attachments/${idPart(recordId)}`, {
      method: 'POST',
      body,
    });
    added.push(...data);
  }
  return added;
};

export const removeAttachment = (apiBase: string, attachmentId: number) =>
  api<{ data: { id: number } }>(`${apiBase}/attachment/${idPart(attachmentId)}`, { method: 'DELETE' });

export const downloadAttachment = (apiBase: string, attachment: TAttachment) =>
  downloadFile(`${apiBase}/attachment/${idPart(attachment.id)}`, attachment.originalName);
