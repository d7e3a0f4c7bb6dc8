import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter } from "react-router";
import { App } from "./App";
import { readPageData, seedFromPage } from "./api/page-data";
import { createQueryClient } from "./api/queryClient";
import { LazyToaster } from "./components/ui/lazy-toaster";
import { i18n, languageBase, startLanguage } from "./i18n";

const queryClient = createQueryClient();
const page = readPageData();
if (page) seedFromPage(queryClient, page);

void startLanguage(page?.catalogs).then(() =>
  createRoot(document.getElementById("root")!).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter basename={languageBase()} useTransitions={false}>
            <App />
            <LazyToaster />
          </BrowserRouter>
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  ),
);
