// What the home page uses of the reviews. (The /reviews page and the admin's moderation are routed from their files.)
export { useReviews } from "./api";
export { ReviewList } from "./components/ReviewList";
export { Stars } from "./components/Stars";
