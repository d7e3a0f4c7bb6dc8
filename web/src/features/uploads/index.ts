// The admin's image picker, used by the posts, ads and site screens, and the post editor's image for
// its text.
export { ImageField } from "./components/ImageField";
export { TextImageField } from "./components/TextImageField";
