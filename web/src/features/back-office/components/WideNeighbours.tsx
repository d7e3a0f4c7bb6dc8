// The accounts registered from other networks of an account's wide network (IPv4 /16, IPv6 /32)
// within 24 h of it: what a farm spread over one provider's networks looks like. The server counts up
// to 50; one is ordinary (a carrier's CGNAT), more is worth a look.
export function WideNeighbours({ ipWide, accounts }: { ipWide: string | null; accounts: number }) {
  if (!ipWide || accounts === 0) return null;
  return (
    <span className={`block text-xs ${accounts > 1 ? "font-semibold text-amber-800" : "text-slate-500"}`}>
      {accounts >= 50 ? "50+" : accounts} {accounts === 1 ? "account" : "accounts"} from other networks of{" "}
      <span className="font-mono">{ipWide}</span> within 24 h
    </span>
  );
}
