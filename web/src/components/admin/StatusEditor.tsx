import { useId, useState } from "react";
import { buttonClass } from "../ui/button";

// A list row's status and notes, changed in place (signups, advertising enquiries).
export function StatusEditor<T extends { id: number; status: string; notes: string | null }>({
  item,
  statuses,
  onSave,
  busy,
}: {
  item: T;
  statuses: string[];
  onSave: (status: string, notes: string) => void;
  busy: boolean;
}) {
  const [status, setStatus] = useState(item.status);
  const [notes, setNotes] = useState(item.notes ?? "");
  const id = useId();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label className="sr-only" htmlFor={`${id}-status`}>
        Status
      </label>
      <select
        id={`${id}-status`}
        value={status}
        onChange={(e) => setStatus(e.target.value)}
        className="h-9 rounded-lg border border-slate-300 px-2 text-sm"
      >
        {statuses.map((s) => (
          <option key={s}>{s}</option>
        ))}
      </select>
      <label className="sr-only" htmlFor={`${id}-notes`}>
        Notes
      </label>
      <input
        id={`${id}-notes`}
        placeholder="Notes"
        value={notes}
        onChange={(e) => setNotes(e.target.value)}
        className="h-9 w-36 rounded-lg border border-slate-300 px-2 text-sm"
      />
      <button
        type="button"
        className={buttonClass({ size: "sm" })}
        disabled={busy}
        onClick={() => onSave(status, notes)}
      >
        Save
      </button>
    </div>
  );
}
