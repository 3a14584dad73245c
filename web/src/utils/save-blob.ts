/** Saves `blob` as a file named `name`, as a download the browser offers (files made in the page). */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the download has started.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
