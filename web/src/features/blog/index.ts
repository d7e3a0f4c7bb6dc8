// What the blog's pages (web/src/pages) and the home page's teaser use.
export type { PostCard } from "./api";
export { fetchEarly, formatDate, usePost, usePosts } from "./pages-api";
export { PostBody } from "./components/PostBody";
export { PostImage } from "./components/PostImage";
