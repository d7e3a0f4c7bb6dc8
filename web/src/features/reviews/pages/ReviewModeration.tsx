// /admin/reviews: every review, approved to be shown or hidden.
import { useAdminAction } from "../../../api/admin";
import { api } from "../../../api/client";
import { Badge, type Column, columnsFor, DataTable, Empty, Loading, Panel, when } from "../../../components/admin/ui";
import { buttonClass } from "../../../components/ui/button";
import { adminReviewsKey, useAdminReviews } from "../admin-api";
import { reviewsKey } from "../api";

type AdminReview = NonNullable<ReturnType<typeof useAdminReviews>["data"]>[number];

export function ReviewModeration() {
  const reviews = useAdminReviews();
  const moderate = useAdminAction({
    send: ({ id, approved }: { id: number; approved: boolean }) => api.admin.reviews({ id }).patch({ approved }),
    refresh: [adminReviewsKey, reviewsKey],
    success: (_o, i) => ({ title: i.approved ? "Review approved" : "Review hidden" }),
    failure: "Update Failed",
  });
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
      cell: ({ row: { original: r } }) => (
        <Badge tone={r.approved ? "green" : "yellow"}>{r.approved ? "Shown" : "Waiting"}</Badge>
      ),
    }),
    c.display({ id: "date", header: "Date", cell: ({ row: { original: r } }) => when(r.createdAt) }),
    c.display({
      id: "actions",
      header: "Actions",
      cell: ({ row: { original: r } }) => (
        <button
          type="button"
          className={buttonClass({ size: "sm", variant: r.approved ? "outline" : "primary" })}
          onClick={() => moderate.mutate({ id: r.id, approved: !r.approved })}
        >
          {r.approved ? "Hide" : "Approve"}
        </button>
      ),
    }),
  ];
  return (
    <Panel title={`Reviews (${list.filter((r) => !r.approved).length} waiting)`}>
      {reviews.isPending ? (
        <Loading />
      ) : list.length === 0 ? (
        <Empty>No reviews yet</Empty>
      ) : (
        <DataTable label="Reviews to moderate" columns={columns} data={list.slice(0, 100)} rowKey={(r) => r.id} />
      )}
    </Panel>
  );
}
