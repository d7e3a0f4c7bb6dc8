import { createRoot } from "react-dom/client";

createRoot(document.getElementById("root")!).render(<h1 className="text-2xl font-bold">XRP Faucet</h1>);
