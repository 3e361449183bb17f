/**
 * antd only where it is used (decision 252): the home page and the status pages are built without
 * antd, so its code and its CSS-in-JS runtime are not in the home route's bundle. Every
 * other page (the console, the editor, the visitor pages besides home) is a lazy chunk that `withAntd`
 * loads together with antd's providers (AntdProviders.tsx: locale zh_CN, the site's primary colour,
 * antd App for message and modal), so one request brings both.
 */
import type { ComponentType } from 'react';

/**
 * Wraps the default export of a lazily imported page in antd's providers; the providers' chunk loads in
 * parallel with the page's. Use as `lazy(() => withAntd(import('./Page')))`.
 */
export async function withAntd<P extends object>(page: Promise<{ default: ComponentType<P> }>): Promise<{ default: ComponentType<P> }> {
  const [{ AntdProviders }, { default: Page }] = await Promise.all([import('./AntdProviders'), page]);
  function WithAntd(props: P) {
    return (
      <AntdProviders>
        <Page {...props} />
      </AntdProviders>
    );
  }
  return { default: WithAntd };
}
