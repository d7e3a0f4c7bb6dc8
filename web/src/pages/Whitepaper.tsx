import { Page } from "../components/Page";

export default function Whitepaper() {
  return <Page title="XRP Faucet Whitepaper" intro="Our mission, technology, faucet mechanics and roadmap." />;
}
