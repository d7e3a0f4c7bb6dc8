// /admin/reviews: every review, shown, waiting for an admin, or rejected (hidden); a review is
// approved, rejected, or deleted (spam: after a dialog saying it is gone for good).
import { useState } from "react";
import { useAdminAction } from "../../../api/admin";
import { api } from "../../../api/client";
import { Frame } from "../../../components/admin/dialogs";
import {
  Badge,
  type Column,
  columnsFor,
  DataTable,
  Empty,
  Loading,
  Panel,
  type Tone,
  when,
} from "../../../components/admin/ui";
import { buttonClass } from "../../../components/ui/button";
import { adminReviewsKey, useAdminReviews } from "../admin-api";
import { reviewsKey } from "../api";

type AdminReview = NonNullable<ReturnType<typeof useAdminReviews>["data"]>[number];

const STATES: Record<AdminReview["state"], { tone: Tone; words: string }> = {
  shown: { tone: "green", words: "Shown" },
  waiting: { tone: "yellow", words: "Waiting" },
  hidden: { tone: "grey", words: "Rejected (hidden)" },
};

export function ReviewModeration() {
  const reviews = useAdminReviews();
  const moderate = useAdminAction({
    send: ({ id, approved }: { id: number; approved: boolean }) => api.admin.reviews({ id }).patch({ approved }),
    refresh: [adminReviewsKey, reviewsKey],
    success: (_o, i) => ({
      title: i.approved ? "Review approved" : "Review rejected",
      description: i.approved ? "It shows on the site." : "It is hidden and waits for nobody.",
    }),
    failure: "Update Failed",
  });
  const remove = useAdminAction({
    send: (review: AdminReview) => api.admin.reviews({ id: review.id }).delete(),
    refresh: [adminReviewsKey, reviewsKey],
    success: (_o, review) => ({ title: "Review deleted", description: `${review.name}'s review is gone.` }),
    failure: "Delete Failed",
  });
  const [deleting, setDeleting] = useState<AdminReview | null>(null);
  const list = reviews.data ?? [];
  const c = columnsFor<AdminReview>();
  const columns: Column<AdminReview>[] = [
    c.display({ id: "name", header: "Name", cell: ({ row: { original: r } }) => r.name }),
    c.display({ id: "rating", header: "Rating", cell: ({ row: { original: r } }) => `${r.rating}/5` }),
    c.display({
      id: "review",
      header: "Review",
      cell: ({ row: { original: r } }) => <span className="block max-w-md">{r.content}</span>,
    }),
    c.display({
      id: "state",
      header: "State",
      cell: ({ row: { original: r } }) => <Badge tone={STATES[r.state].tone}>{STATES[r.state].words}</Badge>,
    }),
    c.display({ id: "date", header: "Date", cell: ({ row: { original: r } }) => when(r.createdAt) }),
    c.display({
      id: "actions",
      header: "Actions",
      cell: ({ row: { original: r } }) => (
        <span className="flex flex-wrap gap-2">
          {r.state !== "shown" && (
            <button
              type="button"
              className={buttonClass({ size: "sm" })}
              disabled={moderate.isPending}
              aria-label={`Approve ${r.name}'s review`}
              onClick={() => moderate.mutate({ id: r.id, approved: true })}
            >
              Approve
            </button>
          )}
          {r.state !== "hidden" && (
            <button
              type="button"
              className={buttonClass({ size: "sm", variant: "outline" })}
              disabled={moderate.isPending}
              aria-label={`Reject ${r.name}'s review`}
              onClick={() => moderate.mutate({ id: r.id, approved: false })}
            >
              Reject
            </button>
          )}
          <button
            type="button"
            className={buttonClass({ size: "sm", variant: "outline", className: "text-red-800" })}
            aria-label={`Delete ${r.name}'s review`}
            onClick={() => setDeleting(r)}
          >
            Delete
          </button>
        </span>
      ),
    }),
  ];
  return (
    <Panel title={`Reviews (${list.filter((r) => r.state === "waiting").length} waiting)`}>
      {reviews.isPending ? (
        <Loading />
      ) : list.length === 0 ? (
        <Empty>No reviews yet</Empty>
      ) : (
        <DataTable label="Reviews to moderate" columns={columns} data={list.slice(0, 100)} rowKey={(r) => r.id} />
      )}
      <Frame
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={deleting ? `Delete ${deleting.name}'s review?` : ""}
        description={
          <p>
            It is gone for good: from the site and from this list. The audit log keeps who wrote what. To only take it
            off the site, reject it instead.
          </p>
        }
      >
        {deleting && (
          <blockquote className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-800">
            {deleting.rating}/5: {deleting.content}
          </blockquote>
        )}
        <div className="mt-5 flex flex-wrap justify-end gap-2">
          <button type="button" className={buttonClass({ variant: "outline" })} onClick={() => setDeleting(null)}>
            Cancel
          </button>
          <button
            type="button"
            className={buttonClass({ variant: "danger" })}
            disabled={remove.isPending}
            onClick={() => deleting && remove.mutate(deleting, { onSettled: () => setDeleting(null) })}
          >
            Delete review
          </button>
        </div>
      </Frame>
    </Panel>
  );
}
