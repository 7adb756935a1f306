import type { Plugin } from 'vite';

/**
 * Inlines the app's one small stylesheet into index.html: the first paint then needs no second round trip, which
 * is most of the landing page's first-contentful-paint on a slow mobile connection (Lighthouse budget, issue 2).
 * The file itself stays: lazy chunks (the Admin tab, Stripe's form) list it among the dependencies Vite loads
 * before them, and without it Hosting would answer index.html, which nosniff makes the browser refuse, failing
 * the chunk's import.
 */
export function inlineCss(): Plugin {
  return {
    name: 'stockseer-inline-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (!html || html.type !== 'asset') return;
      let source = String(html.source);
      for (const [fileName, asset] of Object.entries(bundle)) {
        if (asset.type !== 'asset' || !fileName.endsWith('.css')) continue;
        const link = new RegExp(`<link rel="stylesheet"[^>]*href="/${fileName.replace(/[.]/g, '\\.')}"[^>]*>`);
        if (!link.test(source)) continue;
        source = source.replace(link, `<style>${String(asset.source)}</style>`);
      }
      html.source = source;
    },
  };
}
