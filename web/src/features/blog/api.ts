// The public blog: the list (GET /api/posts, the home page's teaser takes the first 3) and an article
// (GET /api/posts/:slug; an unknown slug is not retried: its page says so at once).
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import type { Data } from "../../api/types";
import { ApiError } from "../../lib/errors";

export type PostCard = Data<typeof api.posts.get>["posts"][number];
export type Post = Data<ReturnType<typeof api.posts>["get"]>;

export const postsKey = ["/api/posts"] as const;

export const usePosts = (limit?: number) =>
  useQuery({ queryKey: [...postsKey, limit ?? "all"], queryFn: async () => (await unwrap(api.posts.get({ query: limit ? { limit: String(limit) } : {} }))).posts });

export const usePost = (slug: string) =>
  useQuery({
    queryKey: [...postsKey, "slug", slug],
    queryFn: () => unwrap(api.posts({ slug }).get()),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 3,
  });

export const formatDate = (iso: string) => new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
