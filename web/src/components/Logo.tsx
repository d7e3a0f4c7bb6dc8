import { Droplet } from "lucide-react";
import { cn } from "../lib/cn";

export function LogoMark({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 text-white", className)}>
      <Droplet aria-hidden="true" className="h-5 w-5" fill="currentColor" />
    </span>
  );
}
