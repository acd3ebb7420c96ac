import { apiBlob, type TApiOptions } from './client';

/** Hands a file the API answered to the browser's download (a temporary link; never a public address). */
export const saveBlob = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
};

/**
 * The file name a Content-Disposition header gives (RFC 6266): `filename*` (UTF-8) first, then
 * `filename`; null when there is none. Only the last path segment is kept.
 */
export const fileNameOfDisposition = (header: string | null | undefined): string | null => {
  if (!header) return null;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  let name: string | null = null;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = null;
    }
  }
  name ??=
    /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1] ?? null;
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base ? base : null;
};

/**
 * Downloads a file the API serves with the session's token and saves it under the name the server
 * gives it (built from the record and the file's real type); `fallbackName` only when it gives none.
 */
export const downloadFile = async (
  path: string,
  fallbackName: string,
  options: Omit<TApiOptions, 'errorMode'> = {},
): Promise<void> => {
  let serverName: string | null = null;
  const blob = await apiBlob(path, {
    ...options,
    // A download is like a write: 401 ends the session, anything else is the caller's to say.
    errorMode: 'notice',
    onDisposition: (header) => {
      serverName = fileNameOfDisposition(header);
    },
  });
  saveBlob(blob, serverName ?? fallbackName);
};
