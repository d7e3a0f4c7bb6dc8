// The admin's calls of the reviews: every review, for moderation.
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";

export const adminReviewsKey = ["/api/admin/reviews"] as const;

export const useAdminReviews = () =>
  useQuery({ queryKey: adminReviewsKey, queryFn: () => unwrap(api.admin.reviews.get()) });
