import { useReviews } from "../api";
import { formatRelativeTime } from "../../../lib/format";
import { Card } from "../../../components/ui/card";
import { Stars } from "./Stars";
import { t } from "../../../i18n";

// The community's approved reviews (the reviews page's list, and the home page's first six).
export function ReviewList({ limit }: { limit?: number }) {
  const reviews = useReviews();
  if (reviews.isPending) return <p className="text-slate-500">{t("reviews.list.loading")}</p>;
  if (reviews.isError) return <p className="text-red-700">{reviews.error.message}</p>;
  const shown = limit ? reviews.data.slice(0, limit) : reviews.data;
  if (shown.length === 0) return <p className="text-slate-600">{t("reviews.list.empty")}</p>;
  return (
    <ul className="grid gap-4 sm:grid-cols-2">
      {shown.map((r) => (
        <li key={r.id}>
          <Card className="h-full p-5">
            <div className="flex items-center justify-between gap-2">
              {/* (the server names an unnamed reviewer "Anonymous") */}
              {r.name === "Anonymous" ? (
                <p className="font-semibold text-slate-900">{t("reviews.list.anonymous")}</p>
              ) : (
                <p translate="no" className="font-semibold text-slate-900">
                  {r.name}
                </p>
              )}
              <Stars rating={r.rating} />
            </div>
            <p translate="no" className="mt-2 whitespace-pre-line text-slate-700">
              {r.content}
            </p>
            <time dateTime={r.createdAt} className="mt-3 block text-sm text-slate-500">
              {formatRelativeTime(r.createdAt)}
            </time>
          </Card>
        </li>
      ))}
    </ul>
  );
}
