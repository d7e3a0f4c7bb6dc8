export { EarnMoreTab } from "./components/EarnMoreTab";
