// Saves bytes the page already holds as a file, as a link with `download` would: an object URL for
// the blob, clicked once, forgotten a minute later (the browser has started the download by then).
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
