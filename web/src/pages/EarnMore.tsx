import { Page } from "../components/Page";

export default function EarnMore() {
  return <Page title="Earn More XRP" intro="Share the faucet on social media and write reviews to earn bonus XRP." />;
}
