/**
 * Browser entry: dayjs in Chinese, then the app (App.tsx). A page the server rendered (visitor routes,
 * entry-server.tsx) is hydrated; the console's empty shell is rendered from scratch.
 */
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import App from './App';
import { readJsonBlock } from './boot';

dayjs.locale('zh-cn');
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
