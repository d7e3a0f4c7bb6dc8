import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter } from "react-router";
import { App } from "./App";
import { seedFromPage } from "./api/page-data";
import { createQueryClient } from "./api/queryClient";
import { LazyToaster } from "./components/ui/lazy-toaster";

const queryClient = createQueryClient();
seedFromPage(queryClient);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter useTransitions={false}>
        <App />
        <LazyToaster />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
