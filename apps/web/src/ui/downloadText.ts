/** Saves `text` as a file named `name` through the browser's download. */
export function downloadText(text: string, name: string): void {
  downloadBlob(new Blob([text], { type: 'text/plain;charset=utf-8' }), name);
}

/** Saves any bytes (a zip) as a file named `name` through the browser's download. */
export function downloadBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}
