import { Droplet } from "lucide-react";
import { cn } from "../lib/cn";

export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      className={cn("inline-flex h-9 w-9 items-center justify-center rounded-full bg-brand-600 text-white", className)}
    >
      <Droplet aria-hidden="true" className="h-5 w-5" fill="currentColor" />
    </span>
  );
}

// The site's logo (set in /admin/site), else the droplet mark; the name beside it says what it is.
export function SiteLogo({ src, className }: { src: string | null | undefined; className?: string }) {
  if (!src) return <LogoMark className={className} />;
  return <img src={src} alt="" width={36} height={36} className={cn("h-9 w-9 rounded-full object-cover", className)} />;
}
