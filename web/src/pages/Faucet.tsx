import { Page } from "../components/Page";

export default function Faucet() {
  return <Page title="Free XRP Faucet" intro="Request free XRP drops: one claim per wallet address every 24 hours." />;
}
