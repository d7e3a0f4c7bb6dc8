// What the blog's pages (web/src/pages) and the home page's teaser use.
export { fetchEarly, formatDate, type PostCard, usePost, usePosts } from "./api";
export { PostBody } from "./components/PostBody";
export { PostImage } from "./components/PostImage";
