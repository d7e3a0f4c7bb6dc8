import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter } from "react-router";
import { splitLanguagePath } from "../../src/shared/languages";
import { SCREENS } from "../../src/shared/routes";
import { App } from "./App";
import { seedFromPage } from "./api/page-data";
import { createQueryClient } from "./api/queryClient";
import { LazyToaster } from "./components/ui/lazy-toaster";
import { i18n, languageBase, startLanguage } from "./i18n";

const queryClient = createQueryClient();
seedFromPage(queryClient);

// The home page comes with the app, and so do its catalogs on a visit that starts there.
const startsHome = splitLanguagePath(window.location.pathname).rest === "/";

void startLanguage(startsHome ? SCREENS.home : []).then(() =>
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
