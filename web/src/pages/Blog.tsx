import { Page } from "../components/Page";

export default function Blog() {
  return <Page title="Latest Updates" intro="News, guides and updates from the XRP Faucet team." />;
}
