// The admin's image picker, used by the posts, ads and site screens.
export { ImageField } from "./components/ImageField";
