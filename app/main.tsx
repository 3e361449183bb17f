/**
 * Browser entry: the app (App.tsx; dayjs is set to Chinese with antd's providers, AntdProviders.tsx). A page the server rendered (visitor routes,
 * entry-server.tsx) is hydrated; the console's empty shell is rendered from scratch.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import App from './App';
import { readJsonBlock } from './boot';

// the browser's signing key, read once by the API client (api.ts)
(globalThis as { __ATRIUM_SIGNING__?: unknown }).__ATRIUM_SIGNING__ = readJsonBlock('atrium-signing') ?? null;

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
