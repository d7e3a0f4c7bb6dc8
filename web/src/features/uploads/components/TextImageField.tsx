// An image for a text (a post's Markdown): chosen from the admin's computer and uploaded at once, then
// shown with its /uploads/ address, a Copy button and "Insert into text", which hands the image, in
// the text's Markdown, to `onInsert` (the editor puts it at the cursor).
import { useId, useState } from "react";
import { CopyText } from "../../../components/admin/CopyText";
import { buttonClass } from "../../../components/ui/button";
import { errorText } from "../../../lib/errors";
import { IMAGE_TYPES, uploadImage } from "../api";

// ![description](/uploads/...): brackets and line breaks would end the description early
export const markdownImage = (url: string, description: string) =>
  `![${description.replace(/[[\]\r\n]+/g, " ").trim()}](${url})`;

// "sunset-over-the-bay.png" -> "sunset over the bay": a first description the admin may change
const nameWords = (file: File) =>
  file.name
    .replace(/\.[^.]*$/, "")
    .replace(/[-_]+/g, " ")
    .trim();

export function TextImageField({ onInsert }: { onInsert: (markdown: string) => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [image, setImage] = useState<{ url: string; description: string } | null>(null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      setImage({ url: await uploadImage(file), description: nameWords(file) });
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Image for the text
      </label>
      <input
        id={id}
        type="file"
        accept={IMAGE_TYPES}
        disabled={busy}
        aria-describedby={`${id}-hint`}
        onChange={(e) => void choose(e.target.files?.[0])}
        className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-medium"
      />
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {busy ? "Uploading..." : "PNG, JPEG or WebP, at most 2 MiB. Once uploaded, insert it where the cursor is."}
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      {image && (
        <div className="space-y-2">
          <div className="flex flex-wrap items-center gap-3">
            <img
              src={image.url}
              alt=""
              className="h-16 w-auto max-w-40 rounded border border-slate-200 bg-white object-contain"
            />
            <CopyText text={image.url} label="the image's address" />
          </div>
          <div className="flex flex-wrap items-end gap-2">
            <div className="min-w-0 flex-1 space-y-1">
              <label htmlFor={`${id}-description`} className="block text-sm font-medium text-slate-800">
                Description (read aloud to people who cannot see it)
              </label>
              <input
                id={`${id}-description`}
                value={image.description}
                maxLength={200}
                onChange={(e) => setImage({ ...image, description: e.target.value })}
                className="block h-9 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm"
              />
            </div>
            <button
              type="button"
              className={buttonClass({ size: "sm" })}
              onClick={() => onInsert(markdownImage(image.url, image.description))}
            >
              Insert into text
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
