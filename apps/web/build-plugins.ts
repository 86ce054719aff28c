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
