// The visitor's signup forms. (The admin's lists are routed by app/admin from their file.)
export { EarningAlertsForm, NewsletterForm } from "./components/SignupForms";
