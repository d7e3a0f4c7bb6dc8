// The one way the web app hands a file to the browser's downloads: a link with `download`, clicked once
// and removed. `url` is the server's (a backup's one-time link, so the file goes to disk and not
// through the page's memory) or an object URL of bytes the page holds (saveFile).
export function downloadLink(url: string, name: string): void {
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
}

// Bytes the page already holds (the recovery codes) saved as a file: an object URL for them, forgotten
// a minute later (the browser has started the download by then).
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  downloadLink(url, name);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
