/** Hand a file to the browser as a download under `fileName` (exports, deliveries). */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers read the URL only after the click has returned.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
