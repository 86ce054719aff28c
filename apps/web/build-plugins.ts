import { createHash } from 'node:crypto';
import type { OutputAsset, OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * The entry's stylesheet goes into index.html as a <style>: a first screen paints without waiting
 * for a render-blocking CSS request (it is ~4 KB brotli). Styles of lazy chunks still load with
 * their chunks.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'vela:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle[file] as OutputAsset | undefined;
          if (asset?.type !== 'asset') return tag;
          return `<style>${String(asset.source)}</style>`;
        });
      },
    },
  };
}

/**
 * index.html gets app/first-screen-outline.ts's inline script after #root: at '/' and '/xq', the
 * screen's outline in the stored language from the first byte. `script` makes it from the built
 * stylesheets of the page at `outlinedPage` (a module id's end), which the outline carries. The
 * server allows the script by its hash.
 */
export function firstScreenOutline(outlinedPage: string, script: (pageCss: string) => string): Plugin {
  return {
    name: 'vela:first-screen-outline',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
        const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const page = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(outlinedPage));
        if (!page) throw new Error(`first-screen-outline: no chunk for ${outlinedPage}`);
        const css = new Set<string>();
        const visit = (chunk: OutputChunk | undefined, seen: Set<string>) => {
          if (!chunk || seen.has(chunk.fileName) || chunk.isEntry) return;
          seen.add(chunk.fileName);
          for (const file of chunk.viteMetadata?.importedCss ?? []) css.add(file);
          for (const imported of chunk.imports) visit(byName.get(imported), seen);
        };
        visit(page, new Set());
        const pageCss = [...css].map((file) => String((bundle[file] as OutputAsset).source).trim()).join('');
        const at = html.indexOf('<noscript>');
        if (at < 0) throw new Error('first-screen-outline: no <noscript> after #root in index.html');
        return `${html.slice(0, at)}<script>${script(pageCss)}</script>\n    ${html.slice(at)}`;
      },
    },
  };
}

/**
 * Emits /sw.js (src/sw/service-worker.js with its precache list filled in): the shell (index.html,
 * the entry with its static imports, icons, manifest) is precached; every other hashed asset is
 * cached as it is used. The cache's name changes with the list, so a new build replaces the old.
 */
export function serviceWorker(source: string): Plugin {
  return {
    name: 'vela:service-worker',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle: OutputBundle) {
      const shell = new Set<string>(['/', '/index.html', '/icon.svg', '/manifest.webmanifest', '/icon-192.png']);
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const visit = (fileName: string) => {
        const path = `/${fileName}`;
        if (shell.has(path)) return;
        shell.add(path);
        for (const imported of byName.get(fileName)?.imports ?? []) visit(imported);
      };
      for (const chunk of chunks) if (chunk.isEntry) visit(chunk.fileName);
      const list = [...shell].sort();
      let hash = 0;
      for (const char of list.join('|')) hash = (hash * 31 + char.charCodeAt(0)) | 0;
      const code = source
        .replace("'__SHELL__'", JSON.stringify(list))
        .replace('__VERSION__', (hash >>> 0).toString(36));
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: code });
    },
  };
}

/**
 * The contract's modules declare zod schemas beside the constants and pure functions the app uses
 * (formatAmount, ERRORS, KLINE_INTERVALS…). A bundler must assume `z.object(…)` has side effects,
 * so importing one constant brought every schema of the module and zod itself (~26 KB gzip) into
 * the home, markets and product screens. The contract is declarations only: each top-level
 * `const x = call(…)` is wrapped as a pure call, `/* @__PURE__ *\/ (() => call(…))()`, which runs
 * the same and is dropped when nothing uses it. Screens that validate with a schema keep it.
 */
export function pureContractDeclarations(contractDir: string): Plugin {
  return {
    name: 'vela:pure-contract-declarations',
    apply: 'build',
    transform: {
      filter: { id: /\.ts$/ },
      handler(code, id) {
        if (!id.startsWith(contractDir)) return null;
        const program = this.parse(code, { lang: 'ts' }) as unknown as { body: AstNode[] };
        const edits: { start: number; end: number }[] = [];
        for (const statement of program.body) {
          const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
          if (declaration?.type !== 'VariableDeclaration') continue;
          for (const declarator of declaration.declarations ?? []) {
            const init = declarator.init;
            if (
              init &&
              (init.type === 'CallExpression' ||
                (init.type === 'TSAsExpression' && init.expression?.type === 'CallExpression'))
            ) {
              edits.push({ start: init.start, end: init.end });
            }
          }
        }
        if (edits.length === 0) return null;
        let out = code;
        for (const { start, end } of edits.reverse()) {
          out = `${out.slice(0, start)}/* @__PURE__ */ (() => ${out.slice(start, end)})()${out.slice(end)}`;
        }
        return { code: out, map: null };
      },
    },
  };
}

interface AstNode {
  type: string;
  start: number;
  end: number;
  declaration?: AstNode | null;
  declarations?: { init?: AstNode | null }[];
  expression?: AstNode;
}

/**
 * The first screen's chunks start loading with the page, not after the entry has run. Without this,
 * the browser learns of the page chunk (router.tsx, lazy) and the language's texts (lib/i18n) only
 * once the entry (~75 KB brotli) has downloaded and run: a second round trip in front of the first
 * paint. The build reads router.tsx's route table (each route's path and the modules its `lazy`
 * imports), and index.html gets a small async script (route-preload-*.js) that, for the address
 * being opened and the stored language, adds <link rel="modulepreload"> (and a preload of their
 * stylesheets) for exactly the files the app will ask for: nothing more is downloaded.
 */
export function routePreloads({ routerFile, langs, defaultLang, antdLocales }: RoutePreloadOptions): Plugin {
  /** path ('' for the index route) → resolved ids of the modules its lazy (and its parents') import */
  const routes = new Map<string, string[]>();
  /** Modules whose route also loads the rest of the texts (router.tsx's page(), not firstPage()). */
  const screenTextRoutes = new Set<string>();
  return {
    name: 'vela:route-preloads',
    apply: 'build',
    enforce: 'post',
    async transform(code, id) {
      if (id !== routerFile) return null;
      const program = this.parse(code, { lang: 'tsx' }) as unknown as AstValue;
      const pending: Promise<void>[] = [];
      const visit = (node: AstValue, parentPath: string, parentImports: string[]) => {
        if (Array.isArray(node)) {
          for (const child of node) visit(child, parentPath, parentImports);
          return;
        }
        if (!node || typeof node !== 'object') return;
        if (node.type === 'ObjectExpression') {
          const props = new Map<string, AstValue>();
          for (const prop of (node.properties as AstValue[]) ?? []) {
            const key = prop.key as AstValue | undefined;
            if (prop.type === 'Property' && key) props.set(String(key.name ?? key.value), prop.value as AstValue);
          }
          const lazy = props.get('lazy');
          const children = props.get('children');
          if (lazy || children) {
            const own = props.get('path') as AstValue | undefined;
            const segment = own ? String(own.value) : '';
            const path = [parentPath, segment].filter(Boolean).join('/');
            const specifiers = lazy ? importsIn(lazy) : [];
            const imports = [...parentImports, ...specifiers];
            if (!children && (segment || props.get('index'))) {
              pending.push(
                Promise.all(imports.map((specifier) => this.resolve(specifier, id))).then((resolved) => {
                  routes.set(
                    path,
                    resolved.flatMap((module) => (module ? [module.id] : [])),
                  );
                }),
              );
              if (callee(lazy) === 'page') screenTextRoutes.add(path);
            }
            if (children) visit(children, path, imports);
            return;
          }
        }
        for (const value of Object.values(node))
          if (value && typeof value === 'object') visit(value as AstValue, parentPath, parentImports);
      };
      visit(program, '', []);
      await Promise.all(pending);
      if (!routes.has('login') || !routes.has(''))
        this.error('route-preloads: read no /login or / route in router.tsx');
      return null;
    },
    generateBundle(_options, bundle: OutputBundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') this.error('route-preloads: no index.html in the bundle');
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry) this.error('route-preloads: no entry chunk');
      const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const byModule = new Map(
        chunks.flatMap((chunk) => (chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk]] : [])),
      );
      // The entry's own static imports are in index.html already.
      const inHtml = new Set<string>();
      const withImports = (fileName: string, into: Set<string>) => {
        if (into.has(fileName)) return;
        into.add(fileName);
        for (const imported of byName.get(fileName)?.imports ?? []) withImports(imported, into);
      };
      withImports(entry.fileName, inHtml);
      const files: string[] = [];
      const indexOf = (fileName: string) => {
        const name = fileName.replace(/^assets\//, '');
        const at = files.indexOf(name);
        return at >= 0 ? at : files.push(name) - 1;
      };
      const filesOf = (moduleIds: string[]) => {
        const needed = new Set<string>();
        for (const moduleId of moduleIds) {
          const chunk = byModule.get(moduleId);
          if (!chunk) throw new Error(`route-preloads: no chunk for ${moduleId}`);
          withImports(chunk.fileName, needed);
        }
        // A chunk's stylesheets too: Vite's loader waits for them before the page renders.
        // (The entry's stylesheet is in index.html.)
        const own = [...needed].filter((fileName) => !inHtml.has(fileName));
        const css = own.flatMap((fileName) => [...(byName.get(fileName)?.viteMetadata?.importedCss ?? [])]);
        return [...own, ...new Set(css)].map(indexOf);
      };
      const moduleEndingWith = (suffix: string) => {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(suffix));
        if (!chunk) throw new Error(`route-preloads: no chunk for ${suffix}`);
        return chunk.facadeModuleId as string;
      };
      // The start texts come with antd-mobile's texts of the language (lib/i18n loads both first).
      const textsOf = (part: 'start' | 'screens') =>
        Object.fromEntries(
          langs.map((lang) => {
            const texts = moduleEndingWith(`/locales/${lang}-${part}.ts`);
            const antd = part === 'start' ? [moduleEndingWith(antdLocales[lang] as string)] : [];
            return [lang, filesOf([texts, ...antd])];
          }),
        );
      const table = {
        files,
        start: textsOf('start'),
        screens: textsOf('screens'),
        routes: Object.fromEntries(
          [...routes].map(([path, moduleIds]) => [
            `/${path}`,
            [screenTextRoutes.has(path) ? 1 : 0, ...filesOf(moduleIds)],
          ]),
        ),
      };
      // A file, not an inline script: the pages' Content-Security-Policy allows scripts from 'self' only.
      // Async: it never holds up the first paint; it runs as soon as it arrives (~2 KB), long before
      // the entry has downloaded. Eight links a task, the texts and the page's chunk first: each
      // inserted link costs the main thread (about a millisecond on a slow phone), and the thirty or
      // forty of a screen at once were a long task after the first paint.
      const code = `(function(){try{var t=${JSON.stringify(table)},p=location.pathname.replace(/\\/+$/,"")||"/",l=localStorage.getItem("lang");if(!t.start[l])l=${JSON.stringify(defaultLang)};var r=t.routes[p]||[0],f=t.start[l].concat(r.slice(1),r[0]?t.screens[l]:[]),a;a=function(){var g=document.createDocumentFragment();f.splice(0,8).forEach(function(i){var n=t.files[i],e=document.createElement("link"),c=/\\.css$/.test(n);e.rel=c?"preload":"modulepreload";if(c)e.as="style";e.crossOrigin="";e.href="/assets/"+n;g.appendChild(e)});document.head.appendChild(g);if(f.length)setTimeout(a,0)};a()}catch(e){}})();\n`;
      const fileName = `assets/route-preload-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
      const page = String(html.source);
      const tag = `<script async src="/${fileName}"></script>\n    `;
      const at = page.indexOf('<script type="module"');
      if (at < 0) this.error('route-preloads: no module script in index.html');
      html.source = `${page.slice(0, at)}${tag}${page.slice(at)}`;
    },
  };
}

interface RoutePreloadOptions {
  routerFile: string;
  langs: readonly string[];
  defaultLang: string;
  /** The end of the module id of antd-mobile's texts of each language (lib/i18n/antd-locale.ts). */
  antdLocales: Record<string, string>;
}

type AstValue = { [key: string]: AstValue | AstValue[] | string | number | boolean | null | undefined } & {
  type?: string;
};

/** The string specifiers of the import() expressions inside a node. */
function importsIn(node: AstValue): string[] {
  const found: string[] = [];
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (!value || typeof value !== 'object') return;
    const item = value as AstValue;
    const source = item.source as AstValue | undefined;
    if (item.type === 'ImportExpression' && source?.type === 'Literal') found.push(String(source.value));
    for (const child of Object.values(item)) walk(child);
  };
  walk(node);
  return found;
}

/** The name of the function a route's `lazy` calls (page, firstPage), if it is a call. */
function callee(node: AstValue | undefined): string | undefined {
  if (node?.type !== 'CallExpression') return undefined;
  const fn = node.callee as AstValue | undefined;
  return typeof fn?.name === 'string' ? fn.name : undefined;
}
