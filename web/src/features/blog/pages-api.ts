// The blog's pages: the whole list (GET /api/posts) and an article (GET /api/posts/:slug; an unknown
// slug is not retried: its page says so at once).
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import { locale } from "../../i18n";
import { ApiError } from "../../lib/errors";
import { fetchPosts, postsKey } from "./api";

const fetchPost = (slug: string) => unwrap(api.posts({ slug }).get());

// A page's read started as soon as its chunk loads (App.tsx loads it while the session is still
// being read), instead of once the page renders: its query takes it up once.
const early = new Map<string, Promise<unknown>>();
function once<T>(key: string, fetch: () => Promise<T>): Promise<T> {
  const started = early.get(key) as Promise<T> | undefined;
  early.delete(key);
  return started ?? fetch();
}
export function fetchEarly(path: string) {
  const slug = /^\/blog\/([^/]+)\/?$/.exec(path)?.[1];
  const key = slug ? `slug:${decodeURIComponent(slug)}` : /^\/blog\/?$/.test(path) ? "all" : null;
  if (key === null || early.has(key)) return;
  early.set(
    key,
    (slug ? fetchPost(decodeURIComponent(slug)) : fetchPosts()).catch(() => undefined),
  );
}

export const usePosts = () =>
  useQuery({ queryKey: [...postsKey, "all"], queryFn: async () => (await once("all", fetchPosts)) ?? fetchPosts() });

export const usePost = (slug: string) =>
  useQuery({
    queryKey: [...postsKey, "slug", slug],
    queryFn: async () => (await once(`slug:${slug}`, () => fetchPost(slug))) ?? fetchPost(slug),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 3,
  });

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(locale(), { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
