// The public blog's list (GET /api/posts), what the home page's teaser reads. (The blog's pages read
// through pages-api.ts: the whole list, an article.)
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import type { Data } from "../../api/types";
import { i18n } from "../../i18n";

export type PostCard = Data<typeof api.posts.get>["posts"][number];
export type Post = Data<ReturnType<typeof api.posts>["get"]>;

export const postsKey = ["/api/posts"] as const;

// (in the page's language: its posts and those written for every language)
export const fetchPosts = async (limit?: number) =>
  (await unwrap(api.posts.get({ query: { language: i18n.locale, ...(limit ? { limit: String(limit) } : {}) } }))).posts;

// The `limit` latest posts (the home page's teaser takes 3); `enabled` false: not asked yet, until the
// teaser nears the screen.
export const useLatestPosts = (limit: number, enabled: boolean) =>
  useQuery({ queryKey: [...postsKey, limit], queryFn: () => fetchPosts(limit), enabled });
