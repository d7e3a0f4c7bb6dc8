// What other features and the shell use of the site's settings: its name, logo and contact address.
export { DEFAULT_SITE_NAME, type Site, useSite, useSiteName } from "./api";
