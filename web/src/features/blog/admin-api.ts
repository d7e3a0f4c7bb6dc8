// The admin's posts: the list, one post, writing, publishing, scheduling and deleting.
import { useQuery } from "@tanstack/react-query";
import { cachedUntilRefetched, useAdminAction } from "../../api/admin";
import { api, unwrap } from "../../api/client";
import type { Body, Data } from "../../api/types";
import { postsKey } from "./api";

export type AdminPost = Data<typeof api.admin.posts.get>[number];
export type PostInput = Body<typeof api.admin.posts.post>;
export const adminPostsKey = ["/api/admin/posts"] as const;

export const useAdminPosts = () =>
  useQuery({ queryKey: adminPostsKey, queryFn: () => unwrap(api.admin.posts.get()), ...cachedUntilRefetched });
export const useAdminPost = (id: number | null) =>
  useQuery({
    queryKey: [...adminPostsKey, id],
    queryFn: () => unwrap(api.admin.posts({ id: id! }).get()),
    enabled: id !== null,
    ...cachedUntilRefetched,
  });

const stateWords = (post: AdminPost) =>
  post.state === "published"
    ? "is published"
    : post.state === "scheduled"
      ? `is scheduled for ${new Date(post.publishAt!).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short" })}`
      : "is saved as a draft";

export const useSavePost = () =>
  useAdminAction({
    send: ({ id, ...body }: PostInput & { id: number | null }) =>
      id === null ? api.admin.posts.post(body) : api.admin.posts({ id }).patch(body),
    refresh: [adminPostsKey, postsKey],
    success: (post) => ({ title: "Post Saved", description: `"${post.title}" ${stateWords(post)}.` }),
    failure: "Save Failed",
  });

export const useDeletePost = () =>
  useAdminAction({
    send: (id: number) => api.admin.posts({ id }).delete(),
    refresh: [adminPostsKey, postsKey],
    success: () => ({ title: "Post Deleted" }),
    failure: "Delete Failed",
  });
