import { Page } from "../components/Page";

export default function Advertise() {
  return <Page title="Advertise With Us" intro="Reach an engaged audience of XRP holders and crypto newcomers." />;
}
