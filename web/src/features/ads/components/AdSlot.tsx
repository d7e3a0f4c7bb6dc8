// A slot's ad on a visitor's page: the admin's image (its link goes through the click count) or the
// ad network's iframe, at the slot's size and shrunk to fit a phone. A slot with no ad renders nothing.
import { cn } from "../../../lib/cn";
import { type SlotName, useAds } from "../api";

export function AdSlot({ slot, className }: { slot: SlotName; className?: string }) {
  const ad = useAds().data?.[slot];
  if (!ad) return null;
  return (
    <aside aria-label="Advertisement" style={{ maxWidth: ad.width }} className={cn("mx-auto w-full", className)}>
      {ad.kind === "image" ? (
        <a href={ad.clickUrl} target="_blank" rel="sponsored noopener" className="block">
          <img
            src={ad.imageUrl}
            alt={ad.alt}
            width={ad.width}
            height={ad.height}
            loading="lazy"
            className="h-auto w-full rounded-lg"
          />
        </a>
      ) : (
        <iframe
          src={ad.iframeUrl}
          title="Advertisement"
          width={ad.width}
          height={ad.height}
          loading="lazy"
          sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
          referrerPolicy="strict-origin-when-cross-origin"
          style={{ aspectRatio: `${ad.width} / ${ad.height}` }}
          className="h-auto w-full border-0"
        />
      )}
      <p className="mt-1 text-center text-xs text-slate-500">Advertisement</p>
    </aside>
  );
}
