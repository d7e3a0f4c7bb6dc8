import { Star } from "lucide-react";
import { cn } from "../../../lib/cn";
import { locale, t } from "../../../i18n";

// A 1-5 star rating, read out as text.
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span
      className={cn("inline-flex items-center gap-0.5", className)}
      role="img"
      aria-label={t("reviews.stars", {
        rating: new Intl.NumberFormat(locale(), { maximumFractionDigits: 1 }).format(rating),
      })}
    >
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden="true"
          className={cn("h-4 w-4", n <= Math.round(rating) ? "fill-amber-400 text-amber-400" : "text-slate-300")}
        />
      ))}
    </span>
  );
}
