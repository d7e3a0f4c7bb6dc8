// An image chosen from the admin's computer, uploaded at once; shows the current one, its address
// (to copy) and a way to remove it. `value` is the image's /uploads/ path (or null).
import { useId, useState } from "react";
import { CopyText } from "../../../components/admin/CopyText";
import { buttonClass } from "../../../components/ui/button";
import { errorText } from "../../../lib/errors";
import { IMAGE_TYPES, uploadImage } from "../api";

export function ImageField({
  label,
  value,
  onChange,
  hint,
}: {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  hint?: string;
}) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const choose = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      onChange(await uploadImage(file));
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {value && (
        <div className="flex flex-wrap items-center gap-3">
          <img src={value} alt="" className="h-16 w-auto max-w-40 rounded border border-slate-200 object-contain" />
          <CopyText text={value} label="the image's address" />
          <button
            type="button"
            className={buttonClass({ variant: "outline", size: "sm" })}
            onClick={() => onChange(null)}
          >
            Remove image
          </button>
        </div>
      )}
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
        {busy ? "Uploading..." : (hint ?? "PNG, JPEG or WebP, at most 2 MiB.")}
      </p>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
