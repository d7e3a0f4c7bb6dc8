// The address of an image an admin uploaded (modules/uploads serves it): what a post's Markdown may
// show as an image (markdown.ts), and what the admin's image fields accept.
export const UPLOAD_PATH_PATTERN = /^\/uploads\/[a-f0-9]{32}\.(?:png|jpg|webp)$/;
