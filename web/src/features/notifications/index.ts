export { NotificationBell } from "./components/NotificationBell";
