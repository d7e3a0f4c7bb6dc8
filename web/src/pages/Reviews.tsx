import { Page } from "../components/Page";

export default function Reviews() {
  return <Page title="Community Reviews" intro="Tell others about your experience with the faucet." />;
}
