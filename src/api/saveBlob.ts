/** Hands a file the API answered to the browser's download (a temporary link; never a public address). */
export const saveBlob = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the download has started by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
};
