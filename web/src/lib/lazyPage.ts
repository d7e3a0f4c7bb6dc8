import { lazy, type ComponentType } from "react";

// A screen in its own chunk. Once `preload` has fetched it, rendering it does not suspend (React.lazy
// reads a thenable that answers at once), so a preloaded screen appears without a spinner in between.
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  let loaded: { default: ComponentType } | null = null;
  let loading: Promise<{ default: ComponentType }> | null = null;
  const preload = () => (loading ??= load().then((module) => (loaded = module)));
  // biome-ignore lint/suspicious/noThenProperty: the thenable is the point: React.lazy reads it without suspending
  const Component = lazy(() => (loaded ? ({ then: (resolve: (m: typeof loaded) => void) => resolve(loaded) } as unknown as Promise<{ default: ComponentType }>) : preload()));
  return { Component, preload };
}
