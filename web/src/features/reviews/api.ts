// Reviews: the approved ones everyone reads (the home page too). A new review and the reviewer bonus
// are submit.ts (the /reviews page's); the admin's moderation is admin-api.ts.
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";

export const reviewsKey = ["/api/reviews"] as const;

export const useReviews = () => useQuery({ queryKey: reviewsKey, queryFn: () => unwrap(api.reviews.get()) });
