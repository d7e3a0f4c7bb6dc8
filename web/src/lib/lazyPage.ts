import { lazy, type ComponentType } from "react";
import { loadNamespaces, type Namespace } from "../i18n";

// A screen in its own chunk, fetched with its catalogs (`namespaces`) in the page's language. Once `preload` has fetched it, rendering it does not suspend (React.lazy
// reads a thenable that answers at once), so a preloaded screen appears without a spinner in between.
type Loaded = { default: ComponentType };

// A thenable that answers at once: React.lazy reads it without suspending.
function answerAtOnce(module: Loaded): Promise<Loaded> {
  // biome-ignore lint/suspicious/noThenProperty: the thenable is the point
  const thenable = { then: (resolve: (m: Loaded) => void) => resolve(module) };
  return thenable as unknown as Promise<Loaded>;
}

export function lazyPage(load: () => Promise<Loaded>, namespaces: readonly Namespace[]) {
  let loaded: Loaded | null = null;
  let loading: Promise<Loaded> | null = null;
  const preload = () =>
    (loading ??= Promise.all([load(), loadNamespaces(namespaces)]).then(([module]) => (loaded = module)));
  const Component = lazy(() => (loaded ? answerAtOnce(loaded) : preload()));
  return { Component, preload };
}
