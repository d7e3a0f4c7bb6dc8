// The settings page's list of sessions. (The overview's admin sign-ins are placed by app/admin from their file.)
export { SessionsSection } from "./components/SessionsSection";
