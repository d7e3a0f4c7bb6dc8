// The block list's form, filled: what to block, its value and a note (the admin checks and adds it).
export const blockLink = (kind: "address" | "ip" | "device", value: string, note: string) =>
  `/admin/blocklist?${new URLSearchParams({ kind, value, note })}`;
