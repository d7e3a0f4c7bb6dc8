import { Page } from "../components/Page";

export default function ShoppingRewards() {
  return <Page title="Shopping Rewards" intro="Coming soon: earn XRP while you shop. Expected in Q1 2025." />;
}
