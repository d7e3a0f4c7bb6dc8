import { Page } from "../components/Page";

export default function Faq() {
  return <Page title="Frequently Asked Questions" intro="Security, scam awareness and how the faucet works." />;
}
