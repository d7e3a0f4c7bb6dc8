// Two-factor sign-in for the settings page, and the step-up dialog for the admin shell. (The admin's
// setup screen is shown by app/admin from its file.)
export { StepUpDialog } from "./components/StepUpDialog";
export { TwoFactorSection } from "./components/TwoFactorSection";
