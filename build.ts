// Builds the web app into web/dist, embeds it through src/generated/web-assets.ts and compiles
// dist/xrp-faucet. `bun build.ts --web` stops after the web build (for the dev server).
import tailwind from "bun-plugin-tailwind";
import { brotliCompressSync, constants } from "node:zlib";
import { mkdir, readdir, rm, stat, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import type { BunPlugin } from "bun";
import { compileMessage } from "@lingui/message-utils/compileMessage";

const root = import.meta.dir;
const webOut = join(root, "web/dist");
const generated = join(root, "src/generated");
const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;

// The catalogs (src/shared/locales/<language>/<namespace>.json) go into the build compiled, as
// Lingui's runtime reads them without a message parser.
const catalogs: BunPlugin = {
  name: "catalogs",
  setup(build) {
    build.onLoad({ filter: /src\/shared\/locales\/[\w-]+\/\w+\.json$/ }, async (args) => {
      const source: Record<string, string> = await Bun.file(args.path).json();
      const compiled = Object.entries(source).map(([id, message]) => [id, compileMessage(message)]);
      return { contents: JSON.stringify(Object.fromEntries(compiled)), loader: "json" };
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
    plugins: [tailwind, catalogs],
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

// Terser, run over each chunk Bun wrote, makes the download smaller than Bun's minifier alone: its
// short names are the ones that repeat most, and it folds code Bun keeps. The chunks are ES modules:
// their import and export names stay, so they still fit together; the file names (hashes of Bun's
// output) stay too.
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
    plugins: [catalogs],
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
