// Builds the web app into web/dist, embeds it through src/generated/web-assets.ts and compiles
// dist/xrp-faucet. `bun build.ts --web` stops after the web build (for the dev server).
import tailwind from "bun-plugin-tailwind";
import { brotliCompressSync, constants } from "node:zlib";
import { mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import { basename, dirname, join, relative } from "node:path";

const root = import.meta.dir;
const webOut = join(root, "web/dist");
const generated = join(root, "src/generated");
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

// Applies a library's build-time edits in order. An edit that finds nothing stops the build: the
// library no longer reads as the edits expect, and they must be reviewed (`name`).
function applyEdits(contents: string, edits: [string | RegExp, string][], name: string): string {
  for (const [from, to] of edits) {
    const edited = contents.replace(from, to);
    if (edited === contents)
      throw new Error(`build.ts: a library's source changed (${from} not found): review ${name}`);
    contents = edited;
  }
  return contents;
}

// React Router ships as one large module whose contexts and components (Link, NavLink, Form, ...) are
// created at its top level and given a displayName there: a bundler must keep every one of them,
// used or not; so must it the sets, weak maps and symbols its data router makes there. Marked pure (a
// call without side effects) and without the displayNames (React DevTools' labels only), the ones the
// app does not use are left out of the download. Its development
// warnings are off, as in the package's own production build (which its exports never pick). And the
// two elements only its framework and server-components modes render are dropped: a Link's prefetch
// links (usePrefetchBehavior never asks for them without the framework's context) and the server
// components' error handler (rendered only under RSCRouterContext). The app is a declarative
// BrowserRouter: neither can appear. Nor can what only a data router (RouterProvider) reaches: the
// route error boundary and its default error screen, the stable navigate of data routes, a Link's
// prefetch hook (it answers "nothing" without the framework's context), a NavLink's view
// transition state (asked only with a data router's state), and the data router's part of rendering
// the matched routes (its matches, errors and hydration fallback: <Routes> passes no data router
// state). A React Router whose source no longer reads so stops the build.
const ROUTER_EDITS: [string | RegExp, string][] = [
  ["var ENABLE_DEV_WARNINGS = true;", "var ENABLE_DEV_WARNINGS = false;"],
  [/^\w+\.displayName = "\w+";$/gm, ""],
  [/(?<![\w.])(React\w*\.(?:forwardRef|createContext|memo)\()/g, "/* @__PURE__ */ $1"],
  ["/* @__PURE__ */ React10.createElement(PrefetchPageLinks, { page: href })", "null"],
  ["return /* @__PURE__ */ React2.createElement(RSCErrorHandler, { error }, result);", "return result;"],
  ["errorElement = match.route.errorElement || defaultErrorElement;", "errorElement = match.route.errorElement;"],
  ["RenderErrorBoundary.contextType = RSCRouterContext;", ""],
  [
    /return dataRouterState && \(match\.route\.ErrorBoundary [^?]+\? \/\* @__PURE__ \*\/ React2\.createElement\(\s+RenderErrorBoundary,[\s\S]*?\) : getChildren\(\);/,
    "return getChildren();",
  ],
  ["return isDataRoute ? useNavigateStable() : useNavigateUnstable();", "return useNavigateUnstable();"],
  [/= usePrefetchBehavior\(\s+prefetch,\s+rest\s+\);/, "= [false, null, {}];"],
  [
    /let isTransitioning = routerState != null && [^;]+useViewTransitionState\(path\) && viewTransition === true;/,
    "let isTransitioning = false;",
  ],
  [/^(var \w+ = |_\w+ = )(new (?:Set|WeakMap)\(|Symbol\(|Object\.getOwnPropertyNames\()/gm, "$1/* @__PURE__ */ $2"],
  ["let dataRouterState = dataRouterOpts?.state;", "let dataRouterState;"],
  [
    /let matches = dataRouterOpts && dataRouterOpts\.state\.matches\.length \? \([\s\S]*?\) : matchRoutes\(routes, \{ pathname: remainingPathname \}\);/,
    "let matches = matchRoutes(routes, { pathname: remainingPathname });",
  ],
];
const leanReactRouter: Bun.BunPlugin = {
  name: "lean-react-router",
  setup(build) {
    build.onLoad({ filter: /[\\/]react-router[\\/]dist[\\/]development[\\/]chunk-[^/\\]+\.mjs$/ }, async (args) => {
      const contents = await Bun.file(args.path).text();
      if (!contents.includes("function BrowserRouter(")) return { contents, loader: "js" };
      return { contents: applyEdits(contents, ROUTER_EDITS, "ROUTER_EDITS"), loader: "js" };
    });
  },
};

// TanStack Query's infinite queries (pages fetched one after another) come with every QueryClient and
// Query: the four QueryClient methods that start one and the paging behaviour each fetch checks for.
// The app has none; they are left out of the download, and a query that asks to be one throws at
// once rather than fetching as a plain query. A query-core whose source no longer reads so stops the build.
const QUERY_EDITS: Record<string, [string | RegExp, string][]> = {
  "query.js": [
    ['import { infiniteQueryBehavior } from "./infiniteQueryBehavior.js";\n', ""],
    [
      '(this.#queryType === "infinite" ? infiniteQueryBehavior(this.options.pages) : this.options.behavior)?.onFetch(context, this);',
      "this.options.behavior?.onFetch(context, this);",
    ],
    [
      "if (options?._type) this.#queryType = options._type;",
      'if (options?._type) throw new Error("infinite queries are left out of this build (build.ts, QUERY_EDITS)");',
    ],
  ],
  // (each method's body has no inner braces; its doc comment stays, for the minifier to drop)
  "queryClient.js": ["infiniteQuery", "fetchInfiniteQuery", "prefetchInfiniteQuery", "ensureInfiniteQueryData"].map(
    (method): [RegExp, string] => [new RegExp(`\\n\\t${method}\\(options\\) \\{\\n[^{}]*\\}`), ""],
  ),
};
// React Query's hooks throw a query's error to an error boundary (`throwOnError`) or suspend
// (`suspense`) only when asked; the app asks for neither. useQuery's code for them (the error reset
// boundary, the suspense timers and optimistic fetch) is left out, and a query that asks throws at once.
const REACT_QUERY_EDITS: [string | RegExp, string][] = [
  ['import { useQueryErrorResetBoundary } from "./QueryErrorResetBoundary.js";\n', ""],
  [
    'import { ensurePreventErrorBoundaryRetry, getHasError, useClearResetErrorBoundary } from "./errorBoundaryUtils.js";\n',
    "",
  ],
  ['import { ensureSuspenseTimers, fetchOptimistic, shouldSuspend } from "./suspense.js";\n', ""],
  ["\tconst errorResetBoundary = useQueryErrorResetBoundary();\n", ""],
  [
    "\tensureSuspenseTimers(defaultedOptions);\n\tensurePreventErrorBoundaryRetry(defaultedOptions, errorResetBoundary, query);\n\tuseClearResetErrorBoundary(errorResetBoundary);\n",
    '\tif (defaultedOptions.suspense || defaultedOptions.throwOnError) throw new Error("suspense and throwOnError are left out of this build (build.ts, REACT_QUERY_EDITS)");\n',
  ],
  [
    /\tif \(shouldSuspend\(defaultedOptions, result\)\) throw [^\n]+\n\tif \(getHasError\(\{[^}]+\}\)\) throw result\.error;\n/,
    "",
  ],
];
const leanQuery: Bun.BunPlugin = {
  name: "lean-tanstack-query",
  setup(build) {
    build.onLoad(
      { filter: /[\\/]@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/](query|queryClient)\.js$/ },
      async (args) => {
        const file = basename(args.path);
        return {
          contents: applyEdits(await Bun.file(args.path).text(), QUERY_EDITS[file]!, `QUERY_EDITS (${file})`),
          loader: "js",
        };
      },
    );
    build.onLoad(
      { filter: /[\\/]@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]useBaseQuery\.js$/ },
      async (args) => {
        return {
          contents: applyEdits(
            await Bun.file(args.path).text(),
            REACT_QUERY_EDITS,
            "REACT_QUERY_EDITS (useBaseQuery.js)",
          ),
          loader: "js",
        };
      },
    );
  },
};

// lucide-react's runtime (createLucideIcon and the Icon component, context, class merge and SVG node
// builder it renders through: about 1 KiB gzip on /) gives way to web/src/lib/lucide-icon.ts, which
// renders the same <svg> for the props the app passes (lucide-icon.test.ts compares every icon). The
// files it stands in for must read as they did when it was written (their SHA-256, without the version
// in their license line): a lucide-react that changed them stops the build.
const LUCIDE_RUNTIME = [
  "createLucideIcon.mjs",
  "Icon.mjs",
  "context.mjs",
  "shared/src/build/buildLucideIconNode.mjs",
  "shared/src/build/buildLucideIconForReact.mjs",
  "shared/src/build/defaultAttributes.mjs",
  "shared/src/utils/mergeClasses.mjs",
  "shared/src/utils/hasA11yProp.mjs",
];
const LUCIDE_RUNTIME_SHA256 = "6ab26f4c6c1d5f25de2475df8ae21d604747409129a444b053c5952e3a506938";
const leanLucide: Bun.BunPlugin = {
  name: "lean-lucide",
  setup(build) {
    build.onLoad({ filter: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]createLucideIcon\.mjs$/ }, async (args) => {
      const dir = dirname(args.path);
      const sources = await Promise.all(LUCIDE_RUNTIME.map((file) => Bun.file(join(dir, file)).text()));
      const hash = new Bun.CryptoHasher("sha256")
        .update(sources.join("").replace(/@license lucide-react v[\d.]+/g, "@license lucide-react"))
        .digest("hex");
      if (hash !== LUCIDE_RUNTIME_SHA256)
        throw new Error(
          `build.ts: lucide-react's runtime changed (${hash}): review web/src/lib/lucide-icon.ts, then LUCIDE_RUNTIME_SHA256`,
        );
      return {
        contents: `export { default } from ${JSON.stringify(join(root, "web/src/lib/lucide-icon.ts"))};`,
        loader: "js",
      };
    });
    // Each element of an icon's SVG carries a React key (six random characters, which gzip cannot
    // shrink), for lucide's runtime, which passes them as an array. The stand-in passes them as
    // separate children, which need none: the keys are left out.
    build.onLoad({ filter: /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/][^/\\]+\.mjs$/ }, async (args) => {
      const contents = await Bun.file(args.path).text();
      if (!contents.includes("createLucideIcon(__iconData)")) return { contents, loader: "js" };
      return {
        contents: applyEdits(contents, [[/,\s*key: "[a-z0-9]+"/g, ""]], `leanLucide (no key in ${args.path})`),
        loader: "js",
      };
    });
  },
};

async function buildWeb() {
  await rm(webOut, { recursive: true, force: true });
  const result = await Bun.build({
    entrypoints: [join(root, "web/index.html")],
    outdir: webOut,
    publicPath: "/",
    minify: true,
    splitting: true,
    target: "browser",
    naming: {
      entry: "[name].[ext]",
      chunk: "assets/[name]-[hash].[ext]",
      asset: "assets/[name]-[hash].[ext]",
    },
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    plugins: [tailwind, leanReactRouter, leanQuery, leanLucide],
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error("web build failed");
  }
  await minifyAgain(result.outputs.filter((o) => o.path.endsWith(".js")).map((o) => o.path));
  await checkScreenFiles();
}

// After the app's script, a visit that starts on a screen fetches the screen's files, GET /api/user
// and the site's icon at once. A browser opens six connections to one origin over HTTP/1.1: past
// that, a file waits a round trip more before the first paint. So a screen fetches at most
// MOST_SCREEN_FILES files (its own, the screens' shared one of web/src/screens-shared.ts, and two
// more). Not counted: the back office (Admin) and the account's settings (Settings), which bring the
// admin's tables and two-factor code. A screen past it names its files: move what they hold into
// web/src/screens-shared.ts, or into the screen's own chunk.
const MOST_SCREEN_FILES = 4;
const SCREENS_NOT_COUNTED = new Set(["Admin", "Settings"]);
async function checkScreenFiles() {
  const assets = join(webOut, "assets");
  const app = /src="\/assets\/([^"]+\.js)"/.exec(await Bun.file(join(webOut, "index.html")).text())?.[1];
  if (!app) throw new Error("build.ts: no app script in web/dist/index.html");
  for (const file of await readdir(assets)) {
    // (a screen's chunk is named after its component: Faucet-<hash>.js)
    const screen = /^([A-Z]\w*)-[a-z0-9]+\.js$/.exec(file)?.[1];
    if (!screen || SCREENS_NOT_COUNTED.has(screen)) continue;
    // (its static imports, and theirs: the browser fetches them all before the screen runs)
    const files = new Set([file]);
    for (const name of files) {
      for (const [, imported] of (await Bun.file(join(assets, name)).text()).matchAll(
        /from\s*"\/assets\/([^"]+\.js)"/g,
      ))
        if (imported !== app) files.add(imported!);
    }
    if (files.size > MOST_SCREEN_FILES) {
      throw new Error(
        `build.ts: the ${screen} screen fetches ${files.size} files after the app's script (${[...files].join(", ")}); at most ${MOST_SCREEN_FILES} (see checkScreenFiles)`,
      );
    }
  }
}

// Bun's minifier leaves about 3% of the gzip on the table (its short names are not the ones that
// repeat most, and it keeps some code terser folds): terser, run over each chunk Bun wrote, takes the
// app's chunk 107.6 -> 104.6 KB gzip. The chunks are ES modules: their import and export names stay,
// so they still fit together; the file names (hashes of Bun's output) stay too.
async function minifyAgain(files: string[]) {
  const { minify } = await import("terser");
  for (const file of files) {
    const { code } = await minify(await Bun.file(file).text(), {
      module: true,
      ecma: 2020,
      toplevel: true,
      compress: { passes: 2 },
      mangle: { toplevel: true },
      format: { comments: false },
    });
    if (code === undefined) throw new Error(`build.ts: terser gave nothing for ${file}`);
    await Bun.write(file, code);
  }
}

// The whitepaper as a PDF (web/dist/xrp-faucet-whitepaper.pdf), from the text the page shows.
async function writeWhitepaper() {
  const { textPdf } = await import("./src/lib/pdf.ts");
  const { WHITEPAPER_PDF, WHITEPAPER_SECTIONS, WHITEPAPER_TITLE } = await import("./web/src/content/whitepaper.ts");
  await Bun.write(
    join(webOut, WHITEPAPER_PDF),
    textPdf(
      WHITEPAPER_TITLE,
      WHITEPAPER_SECTIONS,
      "Not affiliated with Ripple Labs. Never share your secret key or recovery phrase.",
    ),
  );
}

// The site's icon and web manifest (web/static), served at the root as browsers ask for them.
async function copyStatic() {
  const dir = join(root, "web/static");
  for (const name of await readdir(dir)) await Bun.write(join(webOut, name), Bun.file(join(dir, name)));
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

// Precompresses text assets and writes the import table the server embeds.
async function embedWeb() {
  const files = (await listFiles(webOut)).filter((f) => !/\.(gz|br)$/.test(f));
  const rows: string[] = [];
  const imports: string[] = [];
  let i = 0;
  for (const file of files.sort()) {
    const urlPath = "/" + relative(webOut, file).split("\\").join("/");
    const variants: Record<string, string> = {};
    const name = (suffix: string) => {
      const id = `f${i++}`;
      imports.push(`import ${id} from ${JSON.stringify(relative(generated, file + suffix))} with { type: "file" };`);
      return id;
    };
    variants.identity = name("");
    if (COMPRESSIBLE.test(file) && (await stat(file)).size > 512) {
      const data = await Bun.file(file).bytes();
      // libdeflate's level 12 (its slowest, smallest) gzip: a few percent below zlib's best
      await Bun.write(file + ".gz", Bun.gzipSync(data, { level: 12, library: "libdeflate" }));
      await Bun.write(file + ".br", brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      variants.gzip = name(".gz");
      variants.br = name(".br");
    }
    const entries = Object.entries(variants)
      .map(([k, v]) => `${k}: ${v}`)
      .join(", ");
    rows.push(`  ${JSON.stringify(urlPath)}: { ${entries} },`);
  }
  await mkdir(generated, { recursive: true });
  await writeFile(
    join(generated, "web-assets.ts"),
    `// Generated by build.ts: the embedded web build. Do not edit.\n// @ts-nocheck: \`with { type: "file" }\` imports are paths at run time\n${imports.join("\n")}\n\n` +
      `export const webAssets: Record<string, { identity: string; gzip?: string; br?: string }> = {\n${rows.join("\n")}\n};\n`,
  );
}

async function compile() {
  await mkdir(join(root, "dist"), { recursive: true });
  const result = await Bun.build({
    // the SMTP transport is a second entry point, loaded at the first email (src/modules/account/mail.ts);
    // the backups' worker thread a third (src/modules/backups/service.ts); the password estimator
    // (zxcvbn-ts and its dictionaries) a fourth, loaded at the first password check (src/auth/passwords.ts)
    entrypoints: [
      join(root, "src/main.ts"),
      join(root, "src/modules/account/smtp-transport.ts"),
      join(root, "src/modules/backups/copy-worker.ts"),
      join(root, "src/auth/password-estimator.ts"),
    ],
    target: "bun",
    minify: true,
    bytecode: true,
    format: "esm",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    compile: {
      outfile: join(root, "dist/xrp-faucet"),
      assets: [join(root, "src/db/migrations")],
      autoloadBunfig: false,
      autoloadDotenv: false,
      autoloadPackageJson: false,
      autoloadTsconfig: false,
    },
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error("compile failed");
  }
}

const started = performance.now();
await buildWeb();
await writeWhitepaper();
await copyStatic();
await embedWeb();
if (!process.argv.includes("--web")) await compile();
console.log(`build: done in ${Math.round(performance.now() - started)} ms`);
