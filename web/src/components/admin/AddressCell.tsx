// A wallet address in an admin table: shortened (the whole one in its title), a button copying it,
// and a link to every request it made.
import { Link } from "react-router";
import { CopyButton } from "../ui/CopyButton";
import { shortAddress } from "./ui";

export function AddressCell({ address, tag }: { address: string; tag?: number | null }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Link
        to={`/admin/requests?${new URLSearchParams({ q: address })}`}
        className="font-mono text-brand-700 underline"
        title={address}
      >
        {shortAddress(address)}
        <span className="sr-only"> (every request of this address)</span>
      </Link>
      {tag !== null && tag !== undefined && <span className="text-slate-500">tag {tag}</span>}
      <CopyButton text={address} label={`Copy address ${address}`} />
    </span>
  );
}
