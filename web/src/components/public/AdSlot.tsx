import { cn } from "../../lib/cn";

// An advertisement placeholder of a standard size; it shrinks to fit a phone.
export function AdSlot({ width, height, className }: { width: number; height: number; className?: string }) {
  return (
    <aside
      aria-label={`Advertisement ${width}x${height}`}
      style={{ maxWidth: width, aspectRatio: `${width} / ${height}` }}
      className={cn("mx-auto flex w-full items-center justify-center rounded-lg border border-dashed border-slate-300 bg-slate-100 text-sm text-slate-600", className)}
    >
      Advertisement {width}x{height}
    </aside>
  );
}

export function PostImage({ image, title }: { image: { from: string; to: string } | null; title: string }) {
  if (!image) return null;
  return (
    <div
      role="img"
      aria-label={`Illustration for ${title}`}
      className="aspect-[16/9] w-full rounded-lg"
      style={{ backgroundImage: `linear-gradient(135deg, ${image.from}, ${image.to})` }}
    />
  );
}
